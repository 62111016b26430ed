// readRegularFile() and readStdin(): a FIFO is refused at once (a blocking read would wait for a
// writer forever), as are other non-regular files and anything past the bound.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MAX_FILE_BYTES,
  readRegularFile,
  readStdin,
  RefusedReadError,
} from "../../../action/node/bounded_read.ts";

function withDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "bounded-read-"));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Deno.test("readRegularFile() reads a regular file of up to 1 MiB, multi-byte text whole", () => {
  withDir((dir) => {
    const path = join(dir, "config.json");
    const text = `{"a":"${"é".repeat((MAX_FILE_BYTES - 10) / 2)}"}`;
    writeFileSync(path, text);
    assert.equal(readRegularFile(path), text);
  });
});

Deno.test("readRegularFile() refuses a FIFO, a directory, a device and a file past the bound", () => {
  withDir((dir) => {
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    const large = join(dir, "large.json");
    writeFileSync(large, "x".repeat(MAX_FILE_BYTES + 1));
    const rows: [string, RegExp][] = [
      [fifo, /^".*fifo" is a FIFO, not a regular file$/],
      [dir, /is a directory, not a regular file$/],
      ["/dev/zero", /^"\/dev\/zero" is a device, not a regular file$/],
      [large, /is larger than 1048576 bytes, the most it may hold$/],
    ];
    for (const [path, message] of rows) {
      assert.throws(() => readRegularFile(path), (error) => {
        assert.ok(error instanceof RefusedReadError);
        assert.match(error.message, message);
        return true;
      });
    }
    assert.throws(() => readRegularFile(join(dir, "missing")), { code: "ENOENT" });
  });
});

Deno.test("readStdin() reads up to its bound and refuses more", () => {
  withDir((dir) => {
    const path = join(dir, "input");
    writeFileSync(path, "gcr.io\n".repeat(100));
    for (const [bound, expected] of [[700, "gcr.io\n".repeat(100)], [699, undefined]] as const) {
      const fd = openSync(path, "r");
      try {
        if (expected === undefined) {
          assert.throws(() => readStdin(bound, fd), /^RefusedReadError: standard input is longer/);
        } else assert.equal(readStdin(bound, fd), expected);
      } finally {
        closeSync(fd);
      }
    }
  });
});
