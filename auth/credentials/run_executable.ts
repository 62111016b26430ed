/**
 * Starts the program of an executable credential source with `node:child_process`, which Deno,
 * Node and Bun all provide: the default runner of `credentialsFromJson()` and `loadCredentials()`
 * on Deno and Bun, and of the npm package's Node entry points. Import {@linkcode runExecutable} to
 * pass it as the `runExecutable` option elsewhere, or to wrap it. It is looked up through
 * `globalThis.process` when a program runs, so a runtime without processes (a Worker) loads this
 * module without starting anything.
 *
 * @module
 */
import type { ExecutableRequest, ExecutableResult } from "./external_account_options.ts";

/** What of `node:child_process`'s child the runner uses. */
interface Child {
  exitCode: number | null;
  signalCode: string | null;
  stdout: { on(event: "data", listener: (chunk: Uint8Array) => void): void } | null;
  kill(signal: "SIGKILL"): boolean;
  on(event: "error", listener: (error: Error) => void): void;
  on(event: "close", listener: (code: number | null) => void): void;
}

/** What of `node:child_process` the runner uses. */
interface ChildProcessModule {
  spawn(command: string, args: string[], options: {
    env: Record<string, string | undefined>;
    stdio: ["ignore", "pipe", "ignore"];
    windowsHide: boolean;
  }): Child;
}

/** What of the runtime's `process` the runner uses. */
interface ProcessLike {
  env: Record<string, string | undefined>;
  getBuiltinModule(name: "node:child_process"): ChildProcessModule;
}

/**
 * Runs `request.command` with `request.args` (no shell) and the process's environment plus
 * `request.env`; standard input and standard error are not connected. Resolves with the exit code
 * (`null` when a signal ended it) and standard output, which is read up to just past
 * `maxOutputBytes` (then the program is killed and `outputTooLarge` is true); rejects when it
 * cannot start (`ENOENT`,
 * `EACCES`) and, killing it, when `signal` aborts.
 *
 * @param request The program, its arguments and variables, the signal and the output bound.
 * @returns What the program printed and how it ended.
 *
 * @example An executable source, run with the program's response
 * ```ts
 * import assert from "node:assert/strict";
 * import process from "node:process";
 * import { credentialsFromJson } from "../mod.ts";
 * import { runExecutable } from "./run_executable.ts";
 *
 * // A program that prints a version 1 response (here the running Deno, evaluating one line).
 * const response =
 *   "console.log(JSON.stringify({version:1,success:true,token_type:'urn:ietf:params:oauth:token-type:jwt',id_token:'eyJ.subject.token'}))";
 * const credentials = credentialsFromJson({
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *   subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 *   credential_source: { executable: { command: `"${process.execPath}" eval ${response}` } },
 * }, {
 *   runExecutable,
 *   env: { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" },
 *   fetch: async (_url, init) => {
 *     assert.equal(JSON.parse(String(init?.body)).subjectToken, "eyJ.subject.token");
 *     return Response.json({ access_token: "federated", expires_in: 3600 });
 *   },
 * });
 * assert.equal((await credentials.getAccessToken()).token, "federated");
 * ```
 */
export function runExecutable(request: ExecutableRequest): Promise<ExecutableResult> {
  const { signal, maxOutputBytes } = request;
  // Taken when a program runs, not imported: an ES import of node:process builds a facade over all
  // of `process` and node:child_process loads streams and net, costing every Node process that
  // imports the package's Node file about 10 ms at start-up (docs/measurements.md).
  const node = (globalThis as unknown as { process: ProcessLike }).process;
  const { spawn } = node.getBuiltinModule("node:child_process");
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn(request.command, [...request.args], {
      env: { ...node.env, ...request.env },
      stdio: ["ignore", "pipe", "ignore"],
      windowsHide: true,
    });
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      done();
    };
    const onAbort = () => {
      kill();
      settle(() => reject(signal.reason));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    child.stdout!.on("data", (chunk: Uint8Array) => {
      if (size > maxOutputBytes) return;
      size += chunk.byteLength;
      chunks.push(chunk);
      if (size > maxOutputBytes) kill();
    });
    child.on("error", (error) => {
      kill();
      settle(() => reject(error));
    });
    child.on("close", (code) => {
      settle(() => {
        const decoder = new TextDecoder();
        const stdout = chunks.map((chunk, i) =>
          decoder.decode(chunk, { stream: i < chunks.length - 1 })
        ).join("");
        resolve({ exitCode: code, stdout, outputTooLarge: size > maxOutputBytes });
      });
    });
  });
}
