/**
 * {@linkcode useDirectStdout}: `@actions/core` writes every workflow command and log line with
 * `process.stdout.write`. Under Node, the first touch of `process.stdout` builds a stream for fd 1,
 * which on a runner (a pipe) loads `node:net` and `node:stream` (figures in docs/step.md). The
 * step only ever writes whole lines, so a synchronous writer over fd 1 does the same job.
 *
 * @module
 */

import fs from "node:fs";

/** Blocks the thread for `ms` milliseconds (without a busy loop). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Writes `text` to file descriptor `fd` synchronously and completely, retrying a pipe that is
 * momentarily full (`EAGAIN`), so nothing is lost or reordered.
 *
 * @param text What to write.
 * @param fd The file descriptor; default 1 (stdout).
 * @throws {Error} When the descriptor is closed or fails for another reason (`EPIPE`, `EBADF`).
 */
export function writeAll(text: string, fd = 1): void {
  let bytes = new TextEncoder().encode(text);
  for (let attempt = 0; bytes.length > 0;) {
    try {
      bytes = bytes.subarray(fs.writeSync(fd, bytes));
      attempt = 0;
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN" || ++attempt > 1000) throw error;
      pause(1);
    }
  }
}

/**
 * Replaces `process.stdout` with a writer over fd 1 that has only `write` of a string (all
 * `@actions/core` uses). Call it before the first log line; the step uses no `console`.
 */
export function useDirectStdout(): void {
  Object.defineProperty(process, "stdout", {
    configurable: true,
    enumerable: true,
    value: {
      write: (text: string): boolean => {
        writeAll(text);
        return true;
      },
    },
  });
}
