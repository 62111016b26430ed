/**
 * `node:os` in the step's bundle, without loading it: `@actions/core` takes only `EOL`,
 * `platform()` and `arch()` from it, and Node defines each by a `process` property.
 *
 * @module
 */

import type * as Os from "node:os";
import process from "node:process";

/** The end of a line on this platform. */
export const EOL: typeof Os.EOL = process.platform === "win32" ? "\r\n" : "\n";
/** The platform, as `os.platform()`. */
export const platform: typeof Os.platform = () => process.platform;
/** The CPU architecture, as `os.arch()`. */
export const arch: typeof Os.arch = () => process.arch;

export default { EOL, platform, arch };
