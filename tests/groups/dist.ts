// The test files run in one isolate (see groups_test.ts): the built bundles: dist/ driven under
// Node as a runner drives it, and the build's checks.
import "../action/dist_test.ts";
import "../action/build_dist_test.ts";
