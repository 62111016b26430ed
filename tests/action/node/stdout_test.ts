// writeAll() writes everything, in order, through short writes and a momentarily full pipe.
import assert from "node:assert/strict";
import fs from "node:fs";
import { writeAll } from "../../../action/node/stdout.ts";

Deno.test("writeAll() retries EAGAIN and short writes until every byte is written", () => {
  const writeSync = fs.writeSync;
  const written: number[] = [];
  let calls = 0;
  // deno-lint-ignore no-explicit-any
  (fs as any).writeSync = (_fd: number, bytes: Uint8Array) => {
    calls++;
    if (calls % 2 === 1) throw Object.assign(new Error("EAGAIN"), { code: "EAGAIN" });
    const chunk = bytes.subarray(0, 3);
    written.push(...chunk);
    return chunk.length;
  };
  try {
    writeAll("::debug::ä line\n", 1);
  } finally {
    fs.writeSync = writeSync;
  }
  assert.equal(new TextDecoder().decode(new Uint8Array(written)), "::debug::ä line\n");
  assert.ok(calls > 10);
});

Deno.test("writeAll() throws what is not EAGAIN (a closed pipe)", () => {
  const writeSync = fs.writeSync;
  // deno-lint-ignore no-explicit-any
  (fs as any).writeSync = () => {
    throw Object.assign(new Error("EPIPE"), { code: "EPIPE" });
  };
  try {
    assert.throws(() => writeAll("x\n", 1), /EPIPE/);
  } finally {
    fs.writeSync = writeSync;
  }
});
