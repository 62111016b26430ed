/**
 * `deno task test`: type-checks every module, JSDoc example and Markdown example, then runs every
 * test, printing only what is worth reading: the failures and the summary. Deno's dot reporter
 * writes one line of dots per test when its output is not a terminal; those lines are dropped.
 *
 * Usage: `deno run -A tools/test.ts [more deno test arguments]`.
 *
 * @module
 */

import { readdirSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

const ROOT = new URL("../", import.meta.url).pathname;

/** What `deno check` covers: every module of the project, and the Markdown files' examples. */
export const CHECK_PATHS: readonly string[] = [".", "README.md", "docs/*.md"];

/**
 * What `deno test` runs: the test groups (tests/groups/, one isolate each) and the JSDoc examples
 * of every source folder and Markdown file.
 */
export const TEST_PATHS: readonly string[] = [
  "tests/groups/*.ts",
  "mod.ts",
  "auth/",
  "endpoint/",
  "request/",
  "emulator/",
  "action/",
  "node/",
  "build_npm.ts",
  "npm_bundle.ts",
  "build_dist.ts",
  "tools/",
  "README.md",
  "docs/",
];

/** The permissions and flags of the test run: the network only on loopback. */
export const TEST_FLAGS: readonly string[] = [
  "--quiet",
  "--reporter=dot",
  "--no-check",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-sys",
  "--allow-ffi",
  "--allow-net=127.0.0.1,localhost",
  "--doc",
  "--parallel",
];

// deno-lint-ignore no-control-regex -- colour codes start with the ESC control character
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** The lines of the test output worth printing: all but the dot reporter's progress lines. */
export function shownLines(text: string): string[] {
  // Deno colours its output even into a pipe unless NO_COLOR is set.
  return text.split("\n").filter((line) => !/^[.!]+$/.test(line.replace(ANSI_COLOUR, "")));
}

/** `paths` with each `folder/*.ext` glob given as the files it names, as a shell would. */
function expandGlobs(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const glob = /^(.+\/)\*(\.\w+)$/.exec(path);
    if (glob === null) return [path];
    const [, folder, extension] = glob;
    return readdirSync(join(ROOT, folder!)).filter((name) => name.endsWith(extension!)).sort()
      .map((name) => folder + name);
  });
}

async function run(args: string[], filter: boolean): Promise<number> {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: {
      GCP_OIDC_EMULATOR_KEYS: join(ROOT, "tests", "emulator_keys.json"),
      DENO_JOBS: "4",
    },
    stdout: filter ? "piped" : "inherit",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  if (filter) {
    let pending = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop()!;
      for (const line of shownLines(lines.join("\n"))) process.stdout.write(`${line}\n`);
    }
    if (shownLines(pending).join("") !== "") process.stdout.write(`${pending}\n`);
  }
  return (await child.status).code;
}

if (import.meta.main) {
  const checked = await run(["check", "--quiet", "--doc", ...expandGlobs(CHECK_PATHS)], false);
  if (checked !== 0) Deno.exit(checked);
  Deno.exit(
    await run(["test", ...TEST_FLAGS, ...expandGlobs(TEST_PATHS), ...Deno.args], true),
  );
}
