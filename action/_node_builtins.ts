/**
 * The Node built-ins the step uses — `process`, `node:fs`, `node:path` — taken from the global
 * `process` and `process.getBuiltinModule()` (Node 20.16+ and 22.3+, Deno, Bun) instead of
 * `import` statements. Under Node, the first static `import ... from "node:*"` in an ES module
 * sets up the built-in module translators and a facade over every export of the module, which
 * costs about 3 ms of the step's start-up (a fifth of what it adds to `node -e 0`);
 * `getBuiltinModule` hands back the already-loaded module. Runtimes without it fall back to a
 * dynamic `import()`.
 *
 * @module
 */

type Fs = typeof import("node:fs");
type Path = typeof import("node:path");

/** The global `process` of Node, Deno and Bun. */
export const process: typeof globalThis.process = globalThis.process;

/** `process.getBuiltinModule`, where the runtime has it. */
const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;

/** The `node:fs` module. */
export const fs: Fs = (getBuiltin?.call(process, "node:fs") as Fs | undefined) ??
  await import("node:fs");

/** The `node:path` module. */
export const path: Path = (getBuiltin?.call(process, "node:path") as Path | undefined) ??
  await import("node:path");
