// checkCredentialsFilePath(): the credentials_file_path input is checked before anything is
// written; writeCredentialsFileAt() checks every directory again as it walks down and creates
// the missing ones, then the file exclusively: no link, no directory of another user, none that
// every user can write without the sticky bit.
import assert from "node:assert/strict";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { checkCredentialsFilePath, type RunnerRoots } from "../../action/credentials_file_path.ts";
import { writeCredentialsFileAt } from "../../action/credentials_file.ts";
import { skippedWhen } from "../support/skip.ts";

/** Why the tests of directory owners and modes are skipped where there are none to check. */
const POSIX_MODES_MISSING = Deno.build.os === "windows"
  ? "Windows has no POSIX owners or modes"
  : undefined;

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

Deno.test("writeCredentialsFileAt() never follows a link put at a missing directory after the check", () => {
  withRoot((root) => {
    const runnerTemp = join(root, "temp");
    const elsewhere = join(root, "elsewhere");
    mkdirSync(runnerTemp);
    mkdirSync(elsewhere);
    for (const missing of [["gcp"], ["gcp", "deeper"]]) {
      const path = join(runnerTemp, ...missing, "credentials.json");
      assert.equal(checkCredentialsFilePath(path, { runnerTemp }), path);
      // During the OIDC request, someone puts a link where the first missing directory goes.
      symlinkSync(elsewhere, join(runnerTemp, "gcp"));
      assert.throws(
        () => writeCredentialsFileAt(path, { type: "service_account" }, { runnerTemp }),
        (error: Error & { code?: string }) =>
          error.code === "ERR_CREDENTIALS_FILE" &&
          /"credentials_file_path" .*: it points through a symbolic link at /.test(error.message),
      );
      assert.deepEqual(readdirSync(elsewhere), [], "nothing written through the link");
      rmSync(join(runnerTemp, "gcp"));
    }
  });
});

/**
 * Makes `dir` another user's: chown when the tests run as root, else the check is told the step
 * runs as someone else. Returns the roots to check with.
 */
function ownedByAnother(dir: string, roots: RunnerRoots): RunnerRoots {
  const uid = process.getuid!();
  if (uid === 0) {
    chownSync(dir, 4242, 4242);
    return roots;
  }
  return { ...roots, uid: uid + 1 };
}

Deno.test(skippedWhen(POSIX_MODES_MISSING, {
  name:
    "credentials_file_path: a directory another user owns, or one every user can write without the sticky bit, is refused at check and write",
  fn: () => {
    withRoot((root) => {
      const shared = join(root, "gcp");
      const path = join(shared, "credentials.json");
      mkdirSync(shared, { mode: 0o700 });
      chmodSync(shared, 0o777);
      // The reproduction: a 0777 directory another user made on a shared runner.
      const roots = ownedByAnother(shared, {});
      const refused = (pattern: RegExp) => (error: Error) => pattern.test(error.message);
      assert.throws(
        () => checkCredentialsFilePath(path, roots),
        refused(
          /^Invalid input "credentials_file_path": .* lies under .*which another user \(uid \d+\) owns/,
        ),
      );
      assert.throws(
        () => writeCredentialsFileAt(path, {}, roots),
        refused(/: it lies under .*which another user \(uid \d+\) owns/),
      );
      assert.equal(existsSync(path), false);
      // One's own directory that every user can write: refused; with the sticky bit: accepted.
      const mine = join(root, "mine");
      mkdirSync(mine);
      chmodSync(mine, 0o777);
      const inMine = join(mine, "sub", "credentials.json");
      assert.throws(
        () => checkCredentialsFilePath(inMine, {}),
        refused(/which every user can write \(mode 0777, no sticky bit\)/),
      );
      assert.throws(() => writeCredentialsFileAt(inMine, {}, {}), refused(/every user can write/));
      chmodSync(mine, 0o1777);
      assert.equal(checkCredentialsFilePath(inMine, {}), inMine);
      writeCredentialsFileAt(inMine, {}, {});
      assert.equal(statSync(inMine).mode & 0o777, 0o600);
      assert.equal(statSync(join(mine, "sub")).mode & 0o777, 0o700);
    });
  },
}));

Deno.test(skippedWhen(POSIX_MODES_MISSING, {
  name: "writeCredentialsFileAt() refuses a directory made writable by every user after the check",
  fn: () => {
    withRoot((root) => {
      const runnerTemp = join(root, "temp");
      mkdirSync(join(runnerTemp, "gcp"), { recursive: true, mode: 0o700 });
      const path = join(runnerTemp, "gcp", "credentials.json");
      assert.equal(checkCredentialsFilePath(path, { runnerTemp }), path);
      chmodSync(join(runnerTemp, "gcp"), 0o777);
      assert.throws(
        () => writeCredentialsFileAt(path, {}, { runnerTemp }),
        /: it lies under .*every user can write/,
      );
      assert.equal(existsSync(path), false);
    });
  },
}));
