import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPost } from "../../action/post.ts";
import { fakeCore } from "../support/fake_core.ts";

const NAME = "gha-creds-0123456789abcdef.json";

function setup(): { root: string; workspace: string; path: string } {
  const root = mkdtempSync(join(tmpdir(), "post-"));
  const workspace = join(root, "ws");
  mkdirSync(workspace);
  const path = join(workspace, NAME);
  writeFileSync(path, "{}", { mode: 0o600 });
  return { root, workspace, path };
}

Deno.test("runPost() removes exactly the file recorded in state", () => {
  const { root, workspace, path } = setup();
  try {
    const other = join(workspace, "gha-creds-fedcba9876543210.json");
    writeFileSync(other, "{}");
    const core = fakeCore({}, { credentials_file_path: path });
    assert.equal(runPost(core, { env: { GITHUB_WORKSPACE: workspace } }), "removed");
    assert.ok(!existsSync(path));
    assert.ok(existsSync(other), "another step's file is left alone");
    assert.deepEqual(core.log, [`info:Removed credentials file "${path}"`]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

Deno.test("runPost() refuses a directory, a symlink, a foreign name and a path outside the workspace", async (t) => {
  const { root, workspace, path } = setup();
  try {
    const outside = join(root, NAME);
    writeFileSync(outside, "{}");
    const dir = join(workspace, "gha-creds-1111111111111111.json");
    mkdirSync(dir);
    const link = join(workspace, "gha-creds-2222222222222222.json");
    symlinkSync(path, link);
    const foreign = join(workspace, "important.json");
    writeFileSync(foreign, "{}");
    const rows: [string, string, RegExp][] = [
      ["directory", dir, /directory/],
      ["symlink", link, /symbolic link/],
      ["foreign name", foreign, /not a credentials file name/],
      ["outside the workspace", outside, /not directly inside the workspace/],
      ["traversal", join(workspace, "..", NAME), /not directly inside the workspace/],
      ["relative path", NAME, /not a credentials file name/],
    ];
    for (const [name, target, reason] of rows) {
      await t.step(name, () => {
        const core = fakeCore({}, { credentials_file_path: target });
        assert.equal(runPost(core, { env: { GITHUB_WORKSPACE: workspace } }), "refused");
        assert.equal(core.log.length, 1);
        assert.match(core.log[0] ?? "", /^warning:Not removing/);
        assert.match(core.log[0] ?? "", reason);
        if (target !== NAME) assert.ok(existsSync(target));
      });
    }
    assert.ok(existsSync(path), "the symlink's target survives");
  } finally {
    rmSync(root, { recursive: true });
  }
});

Deno.test("runPost() honours cleanup_credentials and create_credentials_file", async (t) => {
  for (const input of ["cleanup_credentials", "create_credentials_file"]) {
    await t.step(input, () => {
      const { root, workspace, path } = setup();
      try {
        const core = fakeCore({ [input]: "false" }, { credentials_file_path: path });
        assert.equal(runPost(core, { env: { GITHUB_WORKSPACE: workspace } }), "skipped");
        assert.ok(existsSync(path));
        assert.match(
          core.log[0] ?? "",
          new RegExp(`^info:Skipping credential cleanup: "${input}"`),
        );
      } finally {
        rmSync(root, { recursive: true });
      }
    });
  }
});

Deno.test("runPost() never fails: invalid boolean, no state, a file already gone, no workspace", () => {
  const { root, workspace, path } = setup();
  try {
    const invalid = fakeCore({ cleanup_credentials: "maybe" }, { credentials_file_path: path });
    assert.equal(runPost(invalid, { env: { GITHUB_WORKSPACE: workspace } }), "skipped");
    assert.match(
      invalid.log[0] ?? "",
      /^warning:Skipping credential cleanup: invalid input "cleanup_credentials": "maybe"/,
    );
    assert.equal(runPost(fakeCore(), { env: { GITHUB_WORKSPACE: workspace } }), "skipped");
    const noWorkspace = fakeCore({}, { credentials_file_path: path });
    assert.equal(runPost(noWorkspace, { env: {} }), "skipped");
    rmSync(path);
    const gone = fakeCore({}, { credentials_file_path: path });
    assert.equal(runPost(gone, { env: { GITHUB_WORKSPACE: workspace } }), "missing");
    for (const core of [invalid, noWorkspace, gone]) assert.deepEqual(core.failed, []);
  } finally {
    rmSync(root, { recursive: true });
  }
});

Deno.test("runPost() says cleanup was skipped, not that the file is gone, when the workspace cannot be resolved", () => {
  const { root, path } = setup();
  try {
    const core = fakeCore({}, { credentials_file_path: path });
    const env = { GITHUB_WORKSPACE: join(root, "no-such-workspace") };
    assert.equal(runPost(core, { env }), "skipped");
    assert.deepEqual(core.log, [
      `warning:Skipping credential cleanup of ${JSON.stringify(path)}: $GITHUB_WORKSPACE ${
        JSON.stringify(env.GITHUB_WORKSPACE)
      } cannot be resolved (ENOENT)`,
    ]);
    assert.equal(existsSync(path), true);
  } finally {
    rmSync(root, { recursive: true });
  }
});

Deno.test("runPost() prints a path holding a newline so it cannot start a workflow command", () => {
  const { root, workspace } = setup();
  try {
    const dir = join(workspace, "x\n::warning::injected");
    mkdirSync(dir);
    const path = join(dir, NAME);
    writeFileSync(path, "{}");
    for (const env of [{ GITHUB_WORKSPACE: workspace }, { GITHUB_WORKSPACE: dir }]) {
      const core = fakeCore({}, { credentials_file_path: path });
      runPost(core, { env });
      assert.equal(core.log.length, 1);
      assert.ok(!core.log[0]!.includes("\n"), core.log[0]);
      assert.ok(core.log[0]!.includes(String.raw`x\n::warning::injected`), core.log[0]);
    }
  } finally {
    rmSync(root, { recursive: true });
  }
});
