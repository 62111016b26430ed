// dist/main_full.mjs: the whole step, for every run but key mode without a token (dist/main.mjs
// runs that one itself and hands any other to this bundle).
import { runNodeStep } from "./_node_step.ts";

await runNodeStep();

// What build_dist.ts binds @actions/core's crypto.randomUUID to (the export leaves the bundle).
export { randomUUID as __randomUUID } from "./_random.ts";
