import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import {
  checkWorkspace,
  isWorkspaceEmpty,
  writeCredentialsFile,
} from "../../action/credentials_file.ts";
import { CREDENTIALS_FILE_NAME } from "../../action/credentials_file_name.ts";
import fs from "node:fs";
import { ActionInputError } from "../../action/errors.ts";

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
      (error: unknown) =>
        error instanceof ActionInputError && error.code === "ERR_CREDENTIALS_FILE" &&
        error.input === "GITHUB_WORKSPACE" && /EEXIST/.test(error.message),
    );
    assert.equal(readFileSync(target, "utf8"), "keep");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("writeCredentialsFile() throws a coded error naming GITHUB_WORKSPACE when it cannot write", () => {
  assert.throws(
    () => writeCredentialsFile(join(tmpdir(), `missing-${crypto.randomUUID()}`), {}),
    (error: unknown) =>
      error instanceof ActionInputError && error.code === "ERR_CREDENTIALS_FILE" &&
      /GITHUB_WORKSPACE.*ENOENT/.test(error.message) &&
      (error.cause as { code?: string }).code === "ENOENT",
  );
});

Deno.test("writeCredentialsFile() removes the file and throws the coded error when close fails", () => {
  const dir = workspace();
  const closeSync = fs.closeSync;
  fs.closeSync = (fd: number) => {
    closeSync(fd);
    throw Object.assign(new Error("EIO: i/o error, close"), { code: "EIO" });
  };
  try {
    assert.throws(
      () => writeCredentialsFile(dir, { secret: "x" }),
      (error: unknown) =>
        error instanceof ActionInputError && error.code === "ERR_CREDENTIALS_FILE" &&
        (error.cause as { code?: string }).code === "EIO",
    );
    assert.deepEqual(readdirSync(dir), [], "nothing is left behind");
  } finally {
    fs.closeSync = closeSync;
    rmSync(dir, { recursive: true });
  }
});

Deno.test("writeCredentialsFile() writes every byte when a write writes fewer than asked", () => {
  const dir = workspace();
  const writeSync = fs.writeSync;
  let calls = 0;
  // A write() may return early (a signal, a filling disk): this one writes 7 bytes at a time.
  // deno-lint-ignore no-explicit-any
  (fs as any).writeSync = (fd: number, bytes: Uint8Array) => {
    calls++;
    return writeSync(fd, bytes.subarray(0, 7));
  };
  const contents = { type: "service_account", private_key: "k".repeat(100), note: "ä" };
  try {
    const path = writeCredentialsFile(dir, contents);
    assert.equal(readFileSync(path, "utf8"), JSON.stringify(contents));
    assert.ok(calls > 10);
  } finally {
    fs.writeSync = writeSync;
    rmSync(dir, { recursive: true });
  }
});

Deno.test("checkWorkspace() rejects a missing directory, a file and a read-only directory", () => {
  const dir = workspace();
  try {
    checkWorkspace(dir);
    const file = join(dir, "file");
    writeFileSync(file, "");
    const readOnly = join(dir, "ro");
    mkdirSync(readOnly, { mode: 0o500 });
    const rows: [string, RegExp][] = [
      [join(dir, "missing"), /does not exist/],
      [file, /not a directory/],
    ];
    // root ignores permission bits: the read-only row only means something for other users.
    if (process.getuid?.() !== 0) rows.push([readOnly, /not writable \(EACCES\)/]);
    for (const [path, reason] of rows) {
      assert.throws(
        () => checkWorkspace(path),
        (error: unknown) =>
          error instanceof ActionInputError && error.code === "ERR_ACTION_INPUT" &&
          error.input === "GITHUB_WORKSPACE" && reason.test(error.message),
        path,
      );
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
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

Deno.test("writeCredentialsFile() does not flush the file to disk (no fsync)", () => {
  const dir = workspace();
  const fsyncSync = fs.fsyncSync;
  let flushes = 0;
  fs.fsyncSync = (fd: number) => {
    flushes++;
    fsyncSync(fd);
  };
  try {
    const path = writeCredentialsFile(dir, { type: "external_account" });
    assert.equal(readFileSync(path, "utf8"), '{"type":"external_account"}');
    assert.equal(flushes, 0);
  } finally {
    fs.fsyncSync = fsyncSync;
    rmSync(dir, { recursive: true });
  }
});
