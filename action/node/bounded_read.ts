/**
 * Bounded reads for the step and its Docker credential helper: a file that a later step of the
 * job may replace (the credentials file, the Docker config, the helper's own files) is read only
 * when it is a regular file of at most {@linkcode MAX_FILE_BYTES}, and standard input only up to
 * a bound, so that a FIFO cannot hang `docker push` and a huge file cannot fill memory.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import fs from "node:fs";

/** The most bytes {@linkcode readRegularFile} reads: these files are a few KB. */
export const MAX_FILE_BYTES = 1 << 20;

/** A file or input refused before it was read in full; its message says why in one line. */
export class RefusedReadError extends Error {
  /** Always `"RefusedReadError"`. */
  override name = "RefusedReadError";
}

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isDirectory()) return "a directory";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** Reads `fd` to its end as UTF-8, or throws `tooLong()` once past `maxBytes`. */
function readAll(fd: number, maxBytes: number, tooLong: () => string): string {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - size));
    const count = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (count === 0) break;
    chunks.push(chunk.subarray(0, count));
    size += count;
    if (size > maxBytes) throw new RefusedReadError(tooLong());
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a regular file of at most `maxBytes` as UTF-8 text. It is opened without blocking (a
 * FIFO opens at once instead of waiting for a writer), then checked by `fstat`, so what is read
 * is what was checked.
 *
 * @param path The file.
 * @param maxBytes The most bytes it may hold; default {@linkcode MAX_FILE_BYTES}.
 * @returns The text.
 * @throws {RefusedReadError} When it is not a regular file or holds more than `maxBytes`; the
 * file system's error (with its `code`, such as `ENOENT`) when it cannot be opened or read.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { readRegularFile, RefusedReadError } from "./bounded_read.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "read-"));
 * writeFileSync(join(dir, "a.json"), "{}");
 * assert.equal(readRegularFile(join(dir, "a.json")), "{}");
 * assert.throws(() => readRegularFile(dir), RefusedReadError);
 * assert.throws(() => readRegularFile(join(dir, "a.json"), 1), /larger than 1 bytes/);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function readRegularFile(path: string, maxBytes: number = MAX_FILE_BYTES): string {
  // Windows has no O_NONBLOCK (and no FIFO in the file system).
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
  const fd = fs.openSync(path, flags);
  try {
    const stat = fs.fstatSync(fd);
    const quoted = JSON.stringify(path);
    if (!stat.isFile()) {
      throw new RefusedReadError(`${quoted} is ${kindOf(stat)}, not a regular file`);
    }
    const tooLarge = () => `${quoted} is larger than ${maxBytes} bytes, the most it may hold`;
    if (stat.size > maxBytes) throw new RefusedReadError(tooLarge());
    // The size is checked again while reading: the file may grow after fstat.
    return readAll(fd, maxBytes, tooLarge);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads standard input (or `fd`) to its end as UTF-8, refusing more than `maxBytes`.
 *
 * @param maxBytes The most bytes it may hold.
 * @param fd The descriptor; default 0, standard input.
 * @returns The text.
 * @throws {RefusedReadError} When it holds more than `maxBytes`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { readStdin } from "./bounded_read.ts";
 *
 * const dir = mkdtempSync(join(tmpdir(), "stdin-"));
 * writeFileSync(join(dir, "in"), "gcr.io\n");
 * const fd = openSync(join(dir, "in"), "r");
 * assert.throws(() => readStdin(4, fd), /standard input is longer than 4 bytes/);
 * closeSync(fd);
 * const again = openSync(join(dir, "in"), "r");
 * assert.equal(readStdin(4096, again), "gcr.io\n");
 * closeSync(again);
 * rmSync(dir, { recursive: true });
 * ```
 */
export function readStdin(maxBytes: number, fd = 0): string {
  return readAll(fd, maxBytes, () => `standard input is longer than ${maxBytes} bytes`);
}
