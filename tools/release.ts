/**
 * `deno task release X.Y.Z`: makes release X.Y.Z in the local repository, in seconds (no tests:
 * CI and the release workflow run them). It refuses, changing nothing, a working tree with changes,
 * anything but a strict `MAJOR.MINOR.PATCH`, a version not above deno.json's, a tag that exists, a
 * version number other tracked files already hold, and a changelog without Unreleased entries.
 * Otherwise it sets `version` in deno.json (the one file that holds it), rebuilds `dist/` (whose
 * user-agent names it), moves CHANGELOG.md's Unreleased entries under the version, commits, tags
 * `vX.Y.Z`, and creates or moves `vX` to that commit unless a higher `vX.*.*` exists. It never
 * makes `vX.Y`, and it does not push: the maintainer pushes the commit and `vX.Y.Z`, and the
 * release workflow (.github/workflows/release.yml) checks, publishes, then moves `vX` on GitHub.
 *
 * Usage: `deno task release X.Y.Z`.
 *
 * @module
 */
import { lstatSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { releaseChangelog } from "./changelog.ts";
import { compareVersions, formatVersion, parseVersion, type Version } from "./semver.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const USAGE = "Usage: deno task release X.Y.Z (three numbers, no v)";
/** The largest tracked file the version check reads (the largest today is under 1 MiB). */
const MAX_SCANNED_BYTES = 8 * 1024 * 1024;
/** How much of a failed build's output an error quotes. */
const MAX_QUOTED_CHARACTERS = 2_000;

/**
 * The tracked files that may hold the version: deno.json is where it lives, CHANGELOG.md names
 * every release, deno.lock names the dependencies' versions (a coincidence, not a copy), and
 * `dist/` is built from deno.json (`.ci/run` fails when it is stale).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { VERSION_HOLDERS } from "./release.ts";
 *
 * assert.ok(VERSION_HOLDERS.includes("deno.json"));
 * ```
 */
export const VERSION_HOLDERS: readonly string[] = [
  "deno.json",
  "CHANGELOG.md",
  "deno.lock",
  "dist/",
];

/**
 * A release the task would not make; its message says why.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { release, ReleaseRefused } from "./release.ts";
 *
 * assert.throws(() => release(".", "1.2"), ReleaseRefused);
 * ```
 */
export class ReleaseRefused extends Error {
  override name = "ReleaseRefused";
}

function git(root: string, ...args: string[]): string {
  const { success, stdout, stderr } = new Deno.Command("git", {
    args,
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).outputSync();
  const decoder = new TextDecoder();
  if (!success) throw new Error(`git ${args.join(" ")} failed: ${decoder.decode(stderr).trim()}`);
  return decoder.decode(stdout);
}

/**
 * The tracked files of `root` outside {@linkcode VERSION_HOLDERS} that hold `version` (as
 * `X.Y.Z` or `vX.Y.Z`, not inside a longer number such as `1X.Y.Z` or `X.Y.Z.1`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { filesHolding } from "./release.ts";
 *
 * const { version } = JSON.parse(Deno.readTextFileSync("deno.json"));
 * assert.deepEqual(filesHolding(".", version), []); // only deno.json and VERSION_HOLDERS hold it
 * ```
 */
export function filesHolding(root: string, version: string): string[] {
  const escaped = version.replaceAll(".", "\\.");
  const pattern = new RegExp(`(?<![\\w.])v?${escaped}(?![\\w-]|\\.\\d)`);
  return git(root, "ls-files", "-z").split("\0").filter((file) => file !== "")
    .filter((file) => !VERSION_HOLDERS.some((holder) => file === holder || file.startsWith(holder)))
    .filter((file) => {
      // A regular file of the working tree: not one deleted, and not a symbolic link.
      const stat = lstatSync(join(root, file), { throwIfNoEntry: false });
      if (stat === undefined || !stat.isFile()) return false;
      if (stat.size > MAX_SCANNED_BYTES) {
        throw new Error(
          `Cannot check where the version appears: ${file} is ${stat.size} bytes, over the ${MAX_SCANNED_BYTES} this check reads; add it to VERSION_HOLDERS if it is built, or keep it out of git`,
        );
      }
      return pattern.test(readFileSync(join(root, file), "utf8"));
    });
}

/** deno.json's text with `version` set, everything else as it was. */
function withVersion(manifest: string, version: string): string {
  const updated = manifest.replace(/("version"\s*:\s*)"[^"]*"/, (_, key) => `${key}"${version}"`);
  if (JSON.parse(updated).version !== version) {
    throw new Error('Cannot set the version: deno.json has no top-level "version" string');
  }
  return updated;
}

/** The highest `vMAJOR.*.*` tag's version, if any. */
function highestOfMajor(root: string, major: number): Version | undefined {
  return git(root, "tag", "--list", `v${major}.*`).split("\n")
    .filter((tag) => /^v\d+\.\d+\.\d+$/.test(tag))
    .map((tag) => parseVersion(tag.slice(1)))
    .filter((version) => version.major === major)
    .sort(compareVersions).at(-1);
}

/** What the release checked before changing anything. */
interface Plan {
  version: Version;
  text: string;
  manifest: string;
  changelog: string;
}

function plan(root: string, argument: string | undefined): Plan {
  if (argument === undefined) throw new ReleaseRefused(`no version given. ${USAGE}`);
  let version: Version;
  try {
    version = parseVersion(argument);
  } catch (error) {
    throw new ReleaseRefused(`${(error as Error).message}. ${USAGE}`);
  }
  const text = formatVersion(version);
  const status = git(root, "status", "--porcelain", "--untracked-files=all").trimEnd();
  if (status !== "") {
    const shown = status.split("\n").slice(0, 5).join("; ");
    throw new ReleaseRefused(
      `the working tree has changes (${shown}): commit or stash them, then release`,
    );
  }
  const manifestPath = join(root, "deno.json");
  const manifest = readFileSync(manifestPath, "utf8");
  const current = JSON.parse(manifest).version;
  if (compareVersions(version, parseVersion(String(current))) <= 0) {
    throw new ReleaseRefused(
      `${text} is not above the current version ${current} (deno.json): give a higher one`,
    );
  }
  if (git(root, "tag", "--list", `v${text}`).trim() !== "") {
    throw new ReleaseRefused(`the tag v${text} exists already: give another version`);
  }
  const holders = filesHolding(root, text);
  if (holders.length > 0) {
    throw new ReleaseRefused(
      `${text} already appears in ${
        holders.join(", ")
      }; only deno.json may hold the version: reword those (tests/package_test.ts checks it)`,
    );
  }
  const today = new Date().toISOString().slice(0, 10);
  let changelog: string;
  try {
    changelog = releaseChangelog(readFileSync(join(root, "CHANGELOG.md"), "utf8"), text, today);
  } catch (error) {
    throw new ReleaseRefused((error as Error).message);
  }
  return { version, text, manifest: withVersion(manifest, text), changelog };
}

/** Writes the release's files and builds `dist/`; puts everything back when a step fails. */
function writeRelease(root: string, { manifest, changelog }: Plan): void {
  try {
    writeFileSync(join(root, "deno.json"), manifest);
    writeFileSync(join(root, "CHANGELOG.md"), changelog);
    const build = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "build_dist.ts"],
      cwd: root,
      stdout: "null",
      stderr: "piped",
      stdin: "null",
    }).outputSync();
    if (!build.success) {
      const output = new TextDecoder().decode(build.stderr).slice(-MAX_QUOTED_CHARACTERS);
      throw new Error(`deno run -A build_dist.ts failed: ${output}`);
    }
  } catch (error) {
    git(root, "checkout", "--", "deno.json", "CHANGELOG.md", "dist/");
    throw error;
  }
}

/**
 * Makes release `argument` in the repository at `root`; returns what it did, for the terminal.
 *
 * @example A refusal changes nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { release } from "./release.ts";
 *
 * assert.throws(() => release(".", "v98.76.54"), /"v98\.76\.54" is not a release version/);
 * ```
 *
 * @throws {ReleaseRefused} When the release is refused; nothing has changed then.
 * @throws {Error} When git or the dist build fails.
 */
export function release(root: string, argument: string | undefined): string {
  const planned = plan(root, argument);
  const { version, text } = planned;
  writeRelease(root, planned);
  git(root, "add", "deno.json", "CHANGELOG.md", "dist/");
  git(root, "commit", "--quiet", "--message", `Release ${text}`);
  const major = `v${version.major}`;
  const existed = git(root, "tag", "--list", major).trim() !== "";
  let moved: boolean;
  let highest: Version;
  try {
    git(root, "tag", "--annotate", `v${text}`, "--message", `Release ${text}`);
    highest = highestOfMajor(root, version.major)!;
    moved = compareVersions(version, highest) >= 0;
    if (moved) git(root, "tag", "--force", major, "HEAD");
  } catch (error) {
    throw new Error(
      `the commit "Release ${text}" is made, but tagging it failed (${
        (error as Error).message
      }): tag it with git tag --annotate v${text}, and git tag --force ${major} if ${text} is the highest ${major}.*.*`,
    );
  }
  return [
    `Released ${text}: commit ${git(root, "rev-parse", "--short", "HEAD").trim()}, tag v${text}.`,
    moved
      ? `${major} ${existed ? "moved to" : "created on"} the same commit.`
      : `${major} stays on v${formatVersion(highest)}, a higher release of the same major.`,
    `Nothing is pushed. Publish with: git push --atomic origin HEAD v${text}`,
    `(the release workflow checks it, publishes to npm and JSR, then moves ${major} on GitHub).`,
  ].join("\n");
}

if (import.meta.main) {
  const [argument, ...extra] = Deno.args;
  try {
    if (extra.length > 0) {
      throw new ReleaseRefused(`one version, not ${Deno.args.length}. ${USAGE}`);
    }
    console.log(release(ROOT, argument));
  } catch (error) {
    console.error(`Cannot release: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
