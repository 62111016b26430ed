// dist/main_key.mjs and dist/main_full.mjs: the step's main phase, which dist/main.mjs runs (see
// _step_bundle.ts). build_dist.ts builds it twice: whole, and without the modules that call out.
import { runNodeStep } from "./node/step.ts";

await runNodeStep();

// What build_dist.ts binds @actions/core's crypto.randomUUID to (the export leaves the bundle).
export { randomUUID as __randomUUID } from "./node/random.ts";
