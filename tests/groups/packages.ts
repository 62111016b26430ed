// The test files run in one isolate (see groups_test.ts): the library in other runtimes and as a
// package.
import "../runtime_matrix_test.ts";
import "../package_test.ts";
import "../layers_test.ts";
