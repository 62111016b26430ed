/**
 * `node:fs` in the step's bundle, taken from `process.getBuiltinModule()`: an ES import of it
 * would run every getter of its exports (see `node_process.ts`), `fs.promises`' among them, which
 * loads the promises API with readline and the file watchers. `@actions/core`'s job summary
 * destructures `promises` when it loads, and the step writes no summary: its three calls load
 * the promises API at their first use.
 *
 * @module
 */

import type * as Fs from "node:fs";
import process from "node:process";

const fs = process.getBuiltinModule("node:fs") as typeof Fs;
export default fs;
export const { appendFileSync, constants, existsSync } = fs;

/** The calls of `fs.promises` that `@actions/core`'s job summary takes. */
export const promises: Pick<typeof Fs.promises, "access" | "appendFile" | "writeFile"> = {
  access: (...args) => fs.promises.access(...args),
  appendFile: (...args) => fs.promises.appendFile(...args),
  writeFile: (...args) => fs.promises.writeFile(...args),
};
