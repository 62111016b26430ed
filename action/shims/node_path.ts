/**
 * `node:path` in the step's bundle, taken from `process.getBuiltinModule()`, so that the bundle
 * imports no module as ES (see `node_process.ts`).
 *
 * @module
 */

import type * as Path from "node:path";
import process from "node:process";

const path = process.getBuiltinModule("node:path") as typeof Path;
export default path;
export const { delimiter, sep } = path;
