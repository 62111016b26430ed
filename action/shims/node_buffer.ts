/**
 * `node:buffer` in the step's bundle, taken from `process.getBuiltinModule()`, so that the bundle
 * imports no module as ES (see `node_process.ts`).
 *
 * @module
 */

import type * as NodeBuffer from "node:buffer";
import process from "node:process";

export const { Buffer } = process.getBuiltinModule("node:buffer") as typeof NodeBuffer;
