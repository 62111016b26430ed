/**
 * `node:process` in the step's bundle: the global itself. Under Node, an ES import of a built-in
 * builds a facade over all its exports and so runs every getter; `process.stdout`'s creates the
 * stream the step replaces (see `action/node/stdout.ts`).
 *
 * @module
 */

import type NodeProcess from "node:process";

/** The running process. */
const nodeProcess: typeof NodeProcess = globalThis.process;
export default nodeProcess;
