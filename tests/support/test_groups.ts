/**
 * The groups of `deno task test`: each module of tests/groups/ imports the test files of one group
 * at load time, so that they share one isolate instead of paying for one each (docs/testing.md).
 * A test file belongs to the group of the deepest folder of `GROUP_OF_FOLDER` that holds it, so a
 * new or moved file needs no list; tests/tools/test_test.ts fails on a file no group runs.
 */
import { readdirSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/** The tests/ folder, with a trailing slash. */
export const TESTS_DIR: string = fileURLToPath(new URL("../", import.meta.url));

/**
 * Folders of tests/ ("" is tests/ itself) and the group that runs the test files below them. A
 * group's files run one after another, so a slow folder gets a group of its own.
 */
export const GROUP_OF_FOLDER: Readonly<Record<string, string>> = {
  "": "packages",
  "action/": "action",
  "action/node/": "action_node",
  "node/": "action_node",
  "auth/": "auth_faults",
  "auth/_transport/": "auth",
  "auth/_util/": "auth",
  "auth/authenticate/": "auth",
  "auth/flows/": "auth",
  "auth/keys/": "auth",
  "auth/credentials/": "credentials",
  "bundles/": "bundles",
  "doc_tests/": "doc_tests",
  "emulator/": "emulator",
  "endpoint/": "endpoint",
  "request/": "endpoint",
  "tools/": "endpoint",
  "sdk/": "sdks",
};

/** The folder of the group modules: its own test files run by themselves. */
const GROUPS_FOLDER = "groups/";

/** Every `_test.ts` file below `folder` (a path relative to tests/), sorted. */
function testFilesBelow(folder: string): string[] {
  return readdirSync(TESTS_DIR + folder, { withFileTypes: true })
    .sort((a, b) => a.name < b.name ? -1 : 1)
    .flatMap((entry) => {
      const path = folder + entry.name;
      if (entry.isDirectory()) {
        return path + "/" === GROUPS_FOLDER ? [] : testFilesBelow(path + "/");
      }
      return path.endsWith("_test.ts") ? [path] : [];
    });
}

/** The group of a test file given relative to tests/: that of the deepest folder holding it. */
export function groupOf(file: string): string {
  const folder = Object.keys(GROUP_OF_FOLDER).filter((folder) => file.startsWith(folder))
    .reduce((deepest, folder) => folder.length > deepest.length ? folder : deepest);
  return GROUP_OF_FOLDER[folder]!;
}

/** The test files of `group`, relative to tests/, in the order they run. */
export function testFilesOf(group: string): string[] {
  return testFilesBelow("").filter((file) => groupOf(file) === group);
}

/** Imports the test files of the group named like the module at `moduleUrl` (tests/groups/x.ts). */
export async function importGroup(moduleUrl: string): Promise<void> {
  const group = basename(fileURLToPath(moduleUrl), ".ts");
  if (!Object.values(GROUP_OF_FOLDER).includes(group)) {
    throw new Error(`${group} is no group of GROUP_OF_FOLDER in tests/support/test_groups.ts`);
  }
  // One after another: tests register in the order of their files, as with static imports.
  for (const file of testFilesOf(group)) await import(new URL(`../${file}`, import.meta.url).href);
}
