// dist/main.mjs imports this module first, so that it runs before any other module of the bundle
// is set up: any run but key mode without a token goes on in dist/main_full.mjs, the whole step,
// which ends the process, and the rest of dist/main.mjs never runs.
import process from "node:process";
import { keyModeWithoutToken } from "./_step_bundle.ts";

// Next to dist/main.mjs, against which a relative specifier resolves: building the URL from
// import.meta.url would load Node's import.meta module for it, about 0.3 ms (Node 24.21).
const FULL_STEP = "./main_full.mjs";

if (!keyModeWithoutToken(process.env)) {
  await import(FULL_STEP);
  // The whole step ends the process itself; were it ever to return, this bundle must not run the
  // step again.
  process.exit();
}
