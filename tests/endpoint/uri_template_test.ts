/**
 * The official uritemplate-test suite (https://github.com/uri-templates/uritemplate-test), all
 * four files, through parseTemplate(): every expected expansion (or one of the listed
 * alternatives), and UriTemplateError for every negative case.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseTemplate, UriTemplateError } from "../../endpoint/mod.ts";

const SUITE_DIR = fileURLToPath(new URL("./_fixtures/uritemplate-test/", import.meta.url));
const FILES = [
  "spec-examples.json",
  "spec-examples-by-section.json",
  "extended-tests.json",
  "negative-tests.json",
];

interface SuiteGroup {
  variables: Record<string, unknown>;
  testcases: [string, string | string[] | false][];
}

function loadSuite(file: string): Record<string, SuiteGroup> {
  return JSON.parse(readFileSync(SUITE_DIR + file, "utf8"));
}

function expandOrError(template: string, variables: Record<string, unknown>): string | Error {
  try {
    return parseTemplate(template).expand(variables);
  } catch (error) {
    return error as Error;
  }
}

Deno.test("parseTemplate() passes every case of the RFC 6570 uritemplate-test suite", async (t) => {
  const suiteFiles = readdirSync(SUITE_DIR).filter((file) => file.endsWith(".json"));
  assert.deepEqual(suiteFiles.sort(), [...FILES].sort(), "FILES names every file of the suite");
  for (const file of FILES) {
    for (const [groupName, group] of Object.entries(loadSuite(file))) {
      await t.step(`${file}: ${groupName}`, () => {
        for (const [template, expected] of group.testcases) {
          const actual = expandOrError(template, group.variables);
          if (expected === false) {
            assert.ok(actual instanceof UriTemplateError, `${template} must throw, got ${actual}`);
            assert.equal(actual.template, template);
            assert.ok(actual.index >= 0 && actual.index <= template.length);
          } else {
            const accepted = Array.isArray(expected) ? expected : [expected];
            assert.ok(
              typeof actual === "string" && accepted.includes(actual),
              `${template}: expected ${JSON.stringify(accepted)}, got ${actual}`,
            );
          }
        }
      });
    }
  }
});
