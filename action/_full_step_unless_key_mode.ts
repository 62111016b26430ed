// dist/main.mjs imports this module first, so that it runs before any other module of the bundle
// is set up: any run but key mode without a token goes on in dist/main_full.mjs, the whole step,
// which ends the process, and the rest of dist/main.mjs never runs.
import process from "node:process";
import { keyModeWithoutToken } from "./_step_bundle.ts";

if (!keyModeWithoutToken(process.env)) {
  await import(new URL("./main_full.mjs", import.meta.url).href);
}
