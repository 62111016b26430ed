/**
 * Random bytes and UUIDs for the step without `node:crypto`, whose loading is a noticeable part of
 * a run that signs nothing (figures in docs/step.md): a Workload Identity Federation run needs
 * randomness only for the credentials file's name and `@actions/core`'s file command delimiters.
 * The bytes come from the kernel's generator (`/dev/urandom`, what OpenSSL seeds from); where
 * there is none (Windows), from `node:crypto`.
 *
 * @module
 */

import type * as NodeCrypto from "node:crypto";
import { Buffer } from "node:buffer";
import fs from "node:fs";
import process from "node:process";

function fromKernel(bytes: Uint8Array, device: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(device, "r");
  } catch {
    return false;
  }
  try {
    for (let filled = 0; filled < bytes.length;) {
      const read = fs.readSync(fd, bytes, filled, bytes.length - filled, null);
      if (read <= 0) return false;
      filled += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // Read only: a failed close loses nothing.
    }
  }
}

/**
 * `size` cryptographically random bytes.
 *
 * @param size How many bytes.
 * @param device The kernel's generator; default `/dev/urandom` (`node:crypto` when it cannot be
 * read).
 * @returns The bytes.
 */
export function randomBytes(size: number, device = "/dev/urandom"): Uint8Array {
  const bytes = new Uint8Array(size);
  // On Windows the path would name a file on the current drive, not a generator.
  if (process.platform !== "win32" && fromKernel(bytes, device)) return bytes;
  const crypto = process.getBuiltinModule("node:crypto") as typeof NodeCrypto;
  return new Uint8Array(crypto.randomBytes(size));
}

/** `bytes` as lowercase hexadecimal. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

/** Random bytes for the next UUIDs, drawn 16 UUIDs at a time; bytes handed out are never reused. */
let uuidPool: Uint8Array = new Uint8Array(0);
let uuidPoolUsed = 0;

/**
 * A random (version 4) UUID, as `crypto.randomUUID()` makes: `@actions/core`'s in the step's
 * bundle (see `action/shims/node_crypto.ts`). Like Node's, it draws the random bytes of several
 * UUIDs at once: a run makes a dozen, one per file command.
 *
 * @returns The UUID, lowercase.
 */
export function randomUUID(): string {
  if (uuidPoolUsed + 16 > uuidPool.length) {
    uuidPool = randomBytes(16 * 16);
    uuidPoolUsed = 0;
  }
  const bytes = uuidPool.slice(uuidPoolUsed, uuidPoolUsed += 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
    hex.slice(20)
  }`;
}
