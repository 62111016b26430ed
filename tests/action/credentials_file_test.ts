import assert from "node:assert/strict";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CREDENTIALS_FILE_NAME,
  isWorkspaceEmpty,
  writeCredentialsFile,
} from "../../action/credentials_file.ts";

function workspace(): string {
  return mkdtempSync(join(tmpdir(), "creds-"));
}

Deno.test("writeCredentialsFile() writes compact JSON, mode 0600, under a fresh random name", () => {
  const dir = workspace();
  try {
    const names = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const path = writeCredentialsFile(dir, { type: "service_account", n: i });
      const name = path.slice(dir.length + 1);
      assert.match(name, CREDENTIALS_FILE_NAME);
      names.add(name);
      assert.equal(statSync(path).mode & 0o777, 0o600, "never group or world readable");
      assert.equal(readFileSync(path, "utf8"), `{"type":"service_account","n":${i}}`);
    }
    assert.equal(names.size, 20);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("writeCredentialsFile() never overwrites an existing file, draws another name", () => {
  const dir = workspace();
  try {
    const taken = join(dir, "gha-creds-0000000000000000.json");
    writeFileSync(taken, "original");
    const names = ["gha-creds-0000000000000000.json", "gha-creds-1111111111111111.json"];
    const path = writeCredentialsFile(dir, { a: 1 }, () => names.shift()!);
    assert.equal(path, join(dir, "gha-creds-1111111111111111.json"));
    assert.equal(readFileSync(taken, "utf8"), "original");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("writeCredentialsFile() does not follow a planted symlink and gives up after 3 collisions", () => {
  const dir = workspace();
  try {
    const target = join(dir, "target.txt");
    writeFileSync(target, "keep");
    symlinkSync(target, join(dir, "gha-creds-2222222222222222.json"));
    assert.throws(
      () => writeCredentialsFile(dir, { a: 1 }, () => "gha-creds-2222222222222222.json"),
      { code: "EEXIST" },
    );
    assert.equal(readFileSync(target, "utf8"), "keep");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("writeCredentialsFile() throws when the workspace does not exist", () => {
  assert.throws(() => writeCredentialsFile(join(tmpdir(), `missing-${crypto.randomUUID()}`), {}), {
    code: "ENOENT",
  });
});

Deno.test("isWorkspaceEmpty() ignores credentials files and treats a missing directory as empty", () => {
  const dir = workspace();
  try {
    writeCredentialsFile(dir, {});
    assert.equal(isWorkspaceEmpty(dir), true);
    writeFileSync(join(dir, ".git"), "");
    assert.equal(isWorkspaceEmpty(dir), false);
    assert.equal(isWorkspaceEmpty(join(dir, "nope")), true);
    assert.ok(existsSync(dir));
  } finally {
    rmSync(dir, { recursive: true });
  }
});
