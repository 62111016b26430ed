// dist/main.mjs: key mode without a token (see _step_bundle.ts), built without the modules that
// call GitHub or Google; any other run goes on in dist/main_full.mjs, the whole step, before the
// rest of this bundle is set up.
import "./_full_step_unless_key_mode.ts";
import { runNodeStep } from "./_node_step.ts";

await runNodeStep();

// What build_dist.ts binds @actions/core's crypto.randomUUID to (the export leaves the bundle).
export { randomUUID as __randomUUID } from "./_random.ts";
