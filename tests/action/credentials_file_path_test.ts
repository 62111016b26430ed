// checkCredentialsFilePath(): the credentials_file_path input is checked before anything is
// written; writeCredentialsFileAt() creates it exclusively.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkCredentialsFilePath } from "../../action/credentials_file_path.ts";
import { writeCredentialsFileAt } from "../../action/credentials_file.ts";

function withRoot(fn: (root: string) => void): void {
  const root = mkdtempSync(join(tmpdir(), "cfp-"));
  try {
    fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

Deno.test("checkCredentialsFilePath() resolves relative paths against the workspace and keeps absolute ones", () => {
  withRoot((root) => {
    const workspace = join(root, "ws");
    mkdirSync(workspace);
    assert.equal(
      checkCredentialsFilePath("a/b/c.json", { workspace }),
      join(workspace, "a/b/c.json"),
    );
    assert.equal(checkCredentialsFilePath(join(root, "x.json"), {}), join(root, "x.json"));
  });
});

Deno.test("checkCredentialsFilePath() refuses directories, existing files, symlinks and files as parents", () => {
  withRoot((root) => {
    const workspace = join(root, "ws");
    const temp = join(root, "temp");
    mkdirSync(workspace);
    mkdirSync(join(root, "real"));
    symlinkSync(join(root, "real"), join(workspace, "link"));
    symlinkSync(join(root, "real"), join(root, "outside-link"));
    symlinkSync(join(root, "nowhere"), join(workspace, "dangling.json"));
    writeFileSync(join(workspace, "file"), "");
    // A runner root that is itself reached through a link is the runner's own, as on macOS.
    symlinkSync(join(root, "real"), temp);
    const roots = { workspace, runnerTemp: temp };
    assert.equal(
      checkCredentialsFilePath(join(temp, "gcp", "c.json"), roots),
      join(temp, "gcp", "c.json"),
    );
    const rows: [string, RegExp][] = [
      ["dir/", /is a directory/],
      [workspace, /is a directory/],
      ["file", /already exists/],
      ["dangling.json", /is a symbolic link/],
      ["link/c.json", /points through a symbolic link/],
      [join(root, "outside-link", "c.json"), /points through a symbolic link/],
      ["file/c.json", /parent that is not a directory/],
    ];
    for (const [value, problem] of rows) {
      assert.throws(
        () => checkCredentialsFilePath(value, roots),
        (error: Error) =>
          /^Invalid input "credentials_file_path"/.test(error.message) &&
          problem.test(error.message),
        value,
      );
    }
    assert.throws(
      () => checkCredentialsFilePath("c.json", {}),
      /relative and \$GITHUB_WORKSPACE is not set/,
    );
  });
});

Deno.test("writeCredentialsFileAt() never follows a symlink put in the file's place", () => {
  withRoot((root) => {
    const target = join(root, "target.json");
    writeFileSync(target, "keep");
    const path = join(root, "creds.json");
    symlinkSync(target, path);
    assert.throws(() => writeCredentialsFileAt(path, {}), /credentials_file_path.*EEXIST/);
    assert.equal(Deno.readTextFileSync(target), "keep");
  });
});
