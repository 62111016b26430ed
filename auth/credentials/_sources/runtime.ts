// Runtime-neutral defaults for the environment, files and the platform, looked up through
// globalThis so auth/ has no hard dependency on Deno or Node (a Worker has neither).
import { untilAborted } from "../../_util/abort.ts";
import type { EnvLike, ReadFileLike } from "../types.ts";

/**
 * The most bytes a file read for credentials may hold (the ADC file, a `credential_source.file`):
 * such files are a few KB, and a source naming `/dev/zero` or a huge file must not fill memory.
 */
export const MAX_FILE_BYTES = 1 << 20;

interface DenoFileInfo {
  isFile: boolean;
  size: number;
}

interface DenoLike {
  env: { get(name: string): string | undefined };
  stat(path: string): Promise<DenoFileInfo>;
  open(path: string, options: { read: true }): Promise<{
    stat(): Promise<DenoFileInfo>;
    read(buffer: Uint8Array): Promise<number | null>;
    close(): void;
  }>;
  build: { os: string };
}

interface NodeFileInfo {
  isFile(): boolean;
  size: number;
}

/** What of `node:fs` the reader uses: its callback API (see {@linkcode readFileDefault}). */
interface NodeFs {
  stat(path: string, done: (error: Error | null, info: NodeFileInfo) => void): void;
  open(path: string, flags: "r", done: (error: Error | null, fd: number) => void): void;
  fstat(fd: number, done: (error: Error | null, info: NodeFileInfo) => void): void;
  read(
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: null,
    done: (error: Error | null, bytesRead: number) => void,
  ): void;
  close(fd: number, done: (error: Error | null) => void): void;
}

/** A Node callback call as a promise. */
function call<T>(start: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    start((error, value) => error === null ? resolve(value) : reject(error))
  );
}

interface ProcessLike {
  env: Record<string, string | undefined>;
  platform: string;
  getBuiltinModule?(name: "node:fs"): NodeFs;
}

const runtime = globalThis as { Deno?: DenoLike; process?: ProcessLike };

/**
 * The runtime's `process` where there is no `Deno`: Deno defines `process` as a getter that loads
 * its Node compatibility layer on first use (about 27 ms, measured in Deno 2.9.6), which a Deno
 * program that never reads it should not pay for.
 */
function nodeProcess(): ProcessLike | undefined {
  return runtime.Deno === undefined ? runtime.process : undefined;
}

/** Environments whose variables the runtime refused to read, by name (Deno without `--allow-env`). */
const deniedNames = new WeakMap<object, Set<string>>();

/**
 * The runtime's environment, read variable by variable: Deno's `env` (a variable it may not read
 * is unset, and {@linkcode isEnvDenied} says so), else `process.env`, own variables only (an unset
 * one never reads a polluted `Object.prototype`).
 */
export function envDefault(): EnvLike {
  const deno = runtime.Deno;
  const denied = new Set<string>();
  // `process` is looked up on the first read: credentials that read no variable never touch it.
  const get = deno === undefined
    ? (name: string) => {
      const node = nodeProcess();
      return node !== undefined && Object.hasOwn(node.env, name) ? node.env[name] : undefined;
    }
    : (name: string) => {
      try {
        return deno.env.get(name);
      } catch {
        denied.add(name);
        return undefined;
      }
    };
  const env = new Proxy({}, {
    get: (_target, name) => typeof name === "string" ? get(name) : undefined,
  });
  deniedNames.set(env, denied);
  return env;
}

/** Whether reading `name` from `env` (one of {@linkcode envDefault}) was refused by the runtime. */
export function isEnvDenied(env: EnvLike, name: string): boolean {
  return deniedNames.get(env)?.has(name) ?? false;
}

/** A file the reader refuses before reading it; its message says why, without the path. */
class RefusedFileError extends Error {
  override name = "RefusedFileError";
}

/** Refuses anything but a regular file (a FIFO, device, socket or directory) and a file past the cap. */
function checkFile(isFile: boolean, size: number): void {
  if (!isFile) {
    throw new RefusedFileError("not a regular file (a FIFO, device, socket or directory)");
  }
  if (size > MAX_FILE_BYTES) throw new RefusedFileError(tooLarge());
}

function tooLarge(): string {
  return `larger than ${MAX_FILE_BYTES} bytes (1 MiB), the most a credentials file may hold`;
}

/** Reads through `read` (bytes read, or null at the end) up to the cap, as UTF-8 text. */
async function readCapped(read: (into: Uint8Array) => Promise<number | null>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = new Uint8Array(64 * 1024);
    const count = await read(chunk);
    if (count === null || count === 0) break;
    chunks.push(chunk.subarray(0, count));
    size += count;
    if (size > MAX_FILE_BYTES) throw new RefusedFileError(tooLarge());
  }
  const decoder = new TextDecoder();
  return chunks.map((chunk, i) => decoder.decode(chunk, { stream: i < chunks.length - 1 })).join(
    "",
  );
}

/**
 * Reads a regular text file of at most {@linkcode MAX_FILE_BYTES} with Deno's file API or
 * `node:fs`; rejects where neither exists. The path is checked before it is opened (opening
 * a FIFO blocks until a writer comes, in a thread no signal reaches) and the open file again.
 */
export async function readFileDefault(path: string): Promise<string> {
  const deno = runtime.Deno;
  if (deno !== undefined) {
    const info = await deno.stat(path);
    checkFile(info.isFile, info.size);
    const file = await deno.open(path, { read: true });
    try {
      const opened = await file.stat();
      checkFile(opened.isFile, opened.size);
      return await readCapped((into) => file.read(into));
    } finally {
      file.close();
    }
  }
  // node:fs's callbacks, not node:fs/promises: node:fs is loaded with every Node process, while
  // node:fs/promises loads streams and readline, a few ms of a cold start (docs/measurements.md).
  const fs = nodeProcess()?.getBuiltinModule?.("node:fs");
  if (fs === undefined) {
    throw new Error(`Cannot read ${path}: no file system; pass readFile`);
  }
  const info = await call<NodeFileInfo>((done) => fs.stat(path, done));
  checkFile(info.isFile(), info.size);
  const fd = await call<number>((done) => fs.open(path, "r", done));
  try {
    const opened = await call<NodeFileInfo>((done) => fs.fstat(fd, done));
    checkFile(opened.isFile(), opened.size);
    return await readCapped((into) =>
      call<number>((done) => fs.read(fd, into, 0, into.byteLength, null, done))
    );
  } finally {
    await call<void>((done) => fs.close(fd, (error) => done(error, undefined)));
  }
}

/**
 * `readFile(path)` bounded by `signal` and {@linkcode MAX_FILE_BYTES}: rejects with the signal's
 * reason as soon as it aborts, even while a reader that ignores the signal is still pending (so a
 * refresh waiting on it, and every caller sharing that refresh, is released), and refuses a text
 * longer than the cap from an injected reader.
 */
export async function readFileBounded(
  readFile: ReadFileLike,
  path: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  signal?.throwIfAborted();
  const text = await untilAborted(
    readFile(path, signal === undefined ? undefined : { signal }),
    signal,
  );
  // UTF-16 units: at least the bytes of ASCII text, and at most 3 times fewer than UTF-8's.
  if (text.length > MAX_FILE_BYTES) throw new RefusedFileError(tooLarge());
  return text;
}

/**
 * Whether {@linkcode readFileDefault} can read files: Deno's file API, or `node:fs` through
 * `process.getBuiltinModule` (workerd without Node compatibility has a `process` but no `node:fs`).
 */
export function hasFileSystem(): boolean {
  return runtime.Deno !== undefined || nodeProcess()?.getBuiltinModule?.("node:fs") !== undefined;
}

/** Whether the runtime runs on Windows. */
export function isWindows(): boolean {
  const deno = runtime.Deno;
  return deno !== undefined ? deno.build.os === "windows" : nodeProcess()?.platform === "win32";
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

/**
 * Why a read failed, without its message: the system code (`ENOENT`, `EACCES`), the name, or why
 * the reader refused the file (not a regular file, too large).
 */
export function readFailure(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  if (error instanceof RefusedFileError) return error.message;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}
