// Runtime-neutral defaults for the environment, files and the platform, looked up through
// globalThis so auth/ has no hard dependency on Deno or Node (a Worker has neither).
import type { EnvLike } from "../types.ts";

interface DenoLike {
  env: { get(name: string): string | undefined };
  readTextFile(path: string): Promise<string>;
  build: { os: string };
}

interface ProcessLike {
  env: Record<string, string | undefined>;
  platform: string;
  getBuiltinModule?(
    name: "node:fs/promises",
  ): { readFile(path: string, encoding: "utf8"): Promise<string> };
}

const runtime = globalThis as { Deno?: DenoLike; process?: ProcessLike };

/**
 * The runtime's environment, read variable by variable: Deno's `env` (a variable it may not read
 * is unset), else `process.env`, own variables only (an unset one never reads a polluted
 * `Object.prototype`).
 */
export function envDefault(): EnvLike {
  const { Deno: deno, process: node } = runtime;
  const get = deno === undefined
    ? (name: string) =>
      node !== undefined && Object.hasOwn(node.env, name) ? node.env[name] : undefined
    : (name: string) => {
      try {
        return deno.env.get(name);
      } catch {
        return undefined;
      }
    };
  return new Proxy({}, {
    get: (_target, name) => typeof name === "string" ? get(name) : undefined,
  });
}

/** Reads a text file with Deno's `readTextFile` or `node:fs/promises`; rejects where neither exists. */
export function readFileDefault(path: string): Promise<string> {
  const { Deno: deno, process: node } = runtime;
  if (deno !== undefined) return deno.readTextFile(path);
  const fs = node?.getBuiltinModule?.("node:fs/promises");
  if (fs !== undefined) return fs.readFile(path, "utf8");
  return Promise.reject(
    new Error(`Cannot read ${path}: no file system; pass readFile`),
  );
}

/** Whether the runtime runs on Windows. */
export function isWindows(): boolean {
  const { Deno: deno, process: node } = runtime;
  return deno?.build.os === "windows" || node?.platform === "win32";
}

/** Whether `error` says the file does not exist (Node `ENOENT`, Deno `NotFound`). */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error &&
    ((error as { code?: unknown }).code === "ENOENT" || error.name === "NotFound");
}

/**
 * Whether `error` says the runtime may not read the file (Node `EACCES`/`EPERM`, Deno
 * `PermissionDenied`, or `NotCapable` without `--allow-read`).
 */
export function isNotPermitted(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === "EACCES" || code === "EPERM" || error.name === "PermissionDenied" ||
    error.name === "NotCapable";
}

/** Why a read failed, without its message: the system code (`ENOENT`, `EACCES`) or the name. */
export function readFailure(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}
