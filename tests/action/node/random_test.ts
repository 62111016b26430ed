import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { randomBytes, randomUUID, toHex } from "../../../action/node/random.ts";

Deno.test("randomBytes() gives the size asked for, different each time", () => {
  assert.equal(randomBytes(0).length, 0);
  assert.equal(randomBytes(300).length, 300);
  const drawn = new Set(Array.from({ length: 50 }, () => toHex(randomBytes(8))));
  assert.equal(drawn.size, 50);
});

Deno.test("randomBytes() takes node:crypto's where the kernel's generator cannot be read", () => {
  const drawn = new Set(
    Array.from({ length: 20 }, () => toHex(randomBytes(8, "/nonexistent/urandom"))),
  );
  assert.equal(drawn.size, 20);
  assert.ok([...drawn].every((hex) => /^[0-9a-f]{16}$/.test(hex)));
});

Deno.test("randomUUID() makes version 4 UUIDs as crypto.randomUUID() does", () => {
  const drawn = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const uuid = randomUUID();
    assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    drawn.add(uuid);
  }
  assert.equal(drawn.size, 200);
});

Deno.test("toHex() writes two lowercase digits a byte", () => {
  assert.equal(toHex(new Uint8Array([0, 9, 10, 255])), "00090aff");
});

Deno.test("randomBytes() on Windows never reads the device path (it would be a plain file)", () => {
  const dir = mkdtempSync(join(tmpdir(), "random-"));
  const platform = Object.getOwnPropertyDescriptor(process, "platform")!;
  try {
    const fake = join(dir, "urandom");
    writeFileSync(fake, new Uint8Array(64));
    assert.equal(toHex(randomBytes(8, fake)), "0000000000000000", "the device path is read");
    Object.defineProperty(process, "platform", { configurable: true, get: () => "win32" });
    assert.notEqual(toHex(randomBytes(8, fake)), "0000000000000000");
  } finally {
    Object.defineProperty(process, "platform", platform);
    rmSync(dir, { recursive: true });
  }
});
