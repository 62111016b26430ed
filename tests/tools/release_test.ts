// `deno task release` in a scratch clone of this repository (its working tree committed there, its
// tags left out): every refusal leaves no commit, tag or change; a release commits deno.json,
// CHANGELOG.md and dist/, tags vX.Y.Z and creates or moves vX, never a vX.Y; and after it the
// user-agent and dist/ name the version (the npm build checks its manifest against them), and .ci/run's dist check passes. The
// versions have majors of 500 and more above deno.json's, so no other file holds them.
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { release, ReleaseRefused } from "../../tools/release.ts";
import { parseVersion } from "../../tools/semver.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function run(command: string, args: string[], cwd: string) {
  const { code, stdout, stderr } = new Deno.Command(command, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
    env: { NO_COLOR: "1" },
  }).outputSync();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

function git(cwd: string, ...args: string[]): string {
  const { code, stdout, stderr } = run("git", args, cwd);
  assert.equal(code, 0, `git ${args.join(" ")}: ${stderr}`);
  return stdout.trim();
}

/**
 * A clone of the repository as its working tree is now: what differs from HEAD (changed, new and
 * deleted files) committed in the clone, no tags, and an identity of its own. Deno fills its own
 * node_modules from its cache on the first build (a few seconds): one shared with the repository
 * would be set up again by the clone's Deno while the repository's tests wait for its lock.
 */
function scratchClone(): string {
  const dir = mkdtempSync(join(tmpdir(), "release-"));
  git(ROOT, "clone", "--quiet", "--no-tags", "--no-checkout", ROOT, dir);
  git(dir, "checkout", "--quiet", "--detach", git(ROOT, "rev-parse", "HEAD"));
  const changed = [
    ...git(ROOT, "diff", "--name-only", "HEAD").split("\n"),
    ...git(ROOT, "ls-files", "--others", "--exclude-standard").split("\n"),
  ].filter((file) => file !== "");
  for (const file of changed) {
    if (existsSync(join(ROOT, file))) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(dir, file));
    } else {
      rmSync(join(dir, file), { force: true });
    }
  }
  for (const [key, value] of Object.entries(CLONE_CONFIG)) git(dir, "config", key, value);
  git(dir, "add", "--all");
  if (git(dir, "status", "--porcelain") !== "") git(dir, "commit", "--quiet", "-m", "working tree");
  return dir;
}

const CLONE_CONFIG: Record<string, string> = {
  "user.name": "Release Test",
  "user.email": "release-test@example.com",
  "commit.gpgSign": "false",
  "tag.gpgSign": "false",
};

/** Commits a changelog entry under Unreleased, as work between releases would. */
function addEntry(dir: string, entry: string): void {
  const path = join(dir, "CHANGELOG.md");
  const text = readFileSync(path, "utf8");
  writeFileSync(path, text.replace("## [Unreleased]\n", `## [Unreleased]\n\n- ${entry}\n`));
  git(dir, "commit", "--quiet", "--all", "-m", entry);
}

/** What a refusal must leave as it was: HEAD, every tag and its target, and the working tree. */
function state(dir: string): string {
  return [
    git(dir, "rev-parse", "HEAD"),
    git(dir, "for-each-ref", "--format=%(refname) %(objectname)", "refs/tags"),
    git(dir, "status", "--porcelain", "--untracked-files=all"),
    git(dir, "diff"),
  ].join("\n--\n");
}

function assertRefused(dir: string, version: string | undefined, problem: RegExp): void {
  const before = state(dir);
  assert.throws(() => release(dir, version), (error: Error) => {
    assert.ok(error instanceof ReleaseRefused, String(error));
    assert.match(error.message, problem);
    return true;
  });
  assert.equal(state(dir), before, `refusing ${version} changed nothing`);
}

/** `deno task release <version>` in `dir`, as a maintainer runs it. */
function releaseTask(dir: string, version: string) {
  return run(Deno.execPath(), ["task", "--quiet", "release", version], dir);
}

/** Every tag and the commit it names (an annotated tag's, peeled). */
function tags(dir: string): Map<string, string> {
  const format = "%(refname:short) %(objectname) %(*objectname)";
  const lines = git(dir, "for-each-ref", `--format=${format}`, "refs/tags");
  return new Map(
    lines.split("\n").filter(Boolean).map((line) => {
      const [tag, object, peeled] = line.split(" ");
      return [tag!, peeled || object!];
    }),
  );
}

Deno.test("deno task release refuses what it must, tags vX.Y.Z and moves vX, and every artifact names the version", async () => {
  const dir = scratchClone();
  try {
    const current = JSON.parse(readFileSync(join(dir, "deno.json"), "utf8")).version;
    const major = parseVersion(current).major + 500;
    const next = `${major}.0.0`;
    addEntry(dir, "The first release of the test.");

    // Refusals of the input, each with nothing changed.
    assertRefused(dir, undefined, /no version given/);
    assertRefused(dir, `${major}.0`, /is not a release version: it has 2 parts/);
    assertRefused(dir, `v${next}`, /starts with a v/);
    assertRefused(dir, `${next}.1`, /has 4 parts/);
    assertRefused(dir, `0${next}`, /leading zero/);
    assertRefused(dir, `${next}-rc.1`, /pre-releases/);
    assertRefused(
      dir,
      current,
      new RegExp(`not above the current version ${current} \\(deno\\.json\\)`),
    );
    // Refusals of the repository's state.
    writeFileSync(join(dir, "README.md"), "changed\n", { flag: "a" });
    assertRefused(dir, next, /the working tree has changes \( M README\.md\)/);
    git(dir, "checkout", "--", "README.md");
    writeFileSync(join(dir, "untracked.txt"), "new\n");
    assertRefused(dir, next, /working tree has changes \(\?\? untracked\.txt\)/);
    rmSync(join(dir, "untracked.txt"));
    git(dir, "tag", `v${next}`);
    assertRefused(dir, next, new RegExp(`the tag v${next} exists already`));
    git(dir, "tag", "--delete", `v${next}`);
    writeFileSync(join(dir, "docs", "pinned.md"), `Pin gcp-oidc/auth@v${next}.\n`);
    git(dir, "add", "docs/pinned.md");
    git(dir, "commit", "--quiet", "-m", "a copy of the version");
    assertRefused(dir, next, /already appears in docs\/pinned\.md; only deno\.json may hold/);
    git(dir, "rm", "--quiet", "docs/pinned.md");
    git(dir, "commit", "--quiet", "-m", "no copy");
    // The task itself: a refusal exits non-zero with a message naming the input.
    const before = state(dir);
    const refused = releaseTask(dir, `${major}.0`);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      new RegExp(`Cannot release: "${major}\\.0" is not a release version`),
    );
    assert.equal(state(dir), before);

    // The first release of the major: vX.Y.Z and vX on the release commit, nothing else.
    const first = releaseTask(dir, next);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, new RegExp(`v${major} created on the same commit`));
    const firstCommit = git(dir, "rev-parse", "HEAD");
    assert.equal(git(dir, "log", "-1", "--format=%s"), `Release ${next}`);
    assert.deepEqual(
      git(dir, "diff", "--name-only", "HEAD~1", "HEAD").split("\n"),
      ["CHANGELOG.md", "deno.json", "dist/docker_credential_helper.mjs", "dist/main.mjs"],
    );
    assert.equal(git(dir, "status", "--porcelain"), "");
    assert.equal(git(dir, "cat-file", "-t", `v${next}`), "tag", "vX.Y.Z is an annotated tag");
    assert.deepEqual(
      tags(dir),
      new Map([[`v${major}`, firstCommit], [`v${next}`, firstCommit]]),
    );
    const changelog = readFileSync(join(dir, "CHANGELOG.md"), "utf8");
    assert.match(
      changelog,
      new RegExp(
        `## \\[Unreleased\\]\\n\\n## \\[${next}\\] - \\d{4}-\\d{2}-\\d{2}\\n\\n- The first release`,
      ),
    );
    // Nothing left to release, and nothing below the current version.
    assertRefused(dir, `${major}.0.1`, /"## \[Unreleased\]" section is empty/);
    assertRefused(dir, `${major - 1}.99.99`, /not above the current version/);

    // The task runs release() (above); the later releases call it here, a process less each.
    // A patch moves vX.
    addEntry(dir, "A fix.");
    const patch = `${major}.0.1`;
    release(dir, patch);
    const patchCommit = git(dir, "rev-parse", "HEAD");
    assert.deepEqual(
      tags(dir),
      new Map([[`v${major}`, patchCommit], [`v${next}`, firstCommit], [`v${patch}`, patchCommit]]),
    );

    // A new major makes vX+1 and leaves vX.
    addEntry(dir, "A breaking change.");
    const nextMajor = `${major + 1}.0.0`;
    release(dir, nextMajor);
    const majorCommit = git(dir, "rev-parse", "HEAD");
    assert.equal(tags(dir).get(`v${major}`), patchCommit);
    assert.equal(tags(dir).get(`v${major + 1}`), majorCommit);

    // vX never moves back to a release below a higher one of its major (a maintenance line).
    git(dir, "tag", `v${major + 1}.5.0`, "HEAD~1");
    addEntry(dir, "A fix for the old line.");
    const maintenance = `${major + 1}.0.1`;
    const older = release(dir, maintenance);
    assert.match(older, new RegExp(`v${major + 1} stays on v${major + 1}\\.5\\.0`));
    assert.equal(tags(dir).get(`v${major + 1}`), majorCommit);
    assert.equal(tags(dir).get(`v${maintenance}`), git(dir, "rev-parse", "HEAD"));
    assert.deepEqual([...tags(dir).keys()].filter((tag) => /^v\d+\.\d+$/.test(tag)), []);

    // The released version everywhere: deno.json, the user-agent and dist/.
    assert.equal(JSON.parse(readFileSync(join(dir, "deno.json"), "utf8")).version, maintenance);
    const { USER_AGENT } = await import(pathToFileURL(join(dir, "endpoint/user_agent.ts")).href);
    assert.match(USER_AGENT, new RegExp(`^gcp-oidc-auth/${maintenance.replaceAll(".", "\\.")} `));
    for (const bundle of ["dist/main.mjs", "dist/docker_credential_helper.mjs"]) {
      assert.ok(readFileSync(join(dir, bundle), "utf8").includes(`{version:"${maintenance}"}`));
    }
    // .ci/run's dist check: a rebuild changes nothing and adds nothing.
    assert.equal(run(Deno.execPath(), ["run", "-A", "build_dist.ts"], dir).code, 0);
    assert.equal(git(dir, "status", "--porcelain", "--", "dist/"), "");
    // The npm package needs no build here: every build of it (.ci/run's included) refuses a
    // manifest whose version is not the one the user-agent inlines from deno.json, checked above.
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
