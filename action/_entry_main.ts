// dist/main.mjs: key mode without a token (see _step_bundle.ts), built without the modules that
// call GitHub or Google; any other run goes on in dist/main_full.mjs, the whole step.
import process from "node:process";
import { runNodeStep } from "./_node_step.ts";
import { keyModeWithoutToken } from "./_step_bundle.ts";

if (keyModeWithoutToken(process.env)) await runNodeStep();
else await import(new URL("./main_full.mjs", import.meta.url).href);

// What build_dist.ts binds @actions/core's crypto.randomUUID to (the export leaves the bundle).
export { randomUUID as __randomUUID } from "./_random.ts";
