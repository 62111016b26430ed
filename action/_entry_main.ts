// dist/main.mjs: runs the step's bundle for these inputs (see _step_bundle.ts), which sits next to
// it in dist/ (a relative specifier resolves against this module; a URL built from
// import.meta.url would load Node's import.meta module, about 0.3 ms on Node 24.21).
import process from "node:process";
import { keyModeWithoutToken } from "./_step_bundle.ts";

const KEY_MODE = "./main_key.mjs";
const WHOLE_STEP = "./main_full.mjs";

await import(keyModeWithoutToken(process.env) ? KEY_MODE : WHOLE_STEP);
