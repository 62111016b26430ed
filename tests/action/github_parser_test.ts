// GitHub's own parser and validator (npm @actions/languageservice, @actions/workflow-parser and
// @actions/expressions, the versions deno.json pins) accept action.yml and every workflow the project
// shows: examples/, .github/workflows/ and the fenced yaml blocks of README.md and docs/. This
// step's `with:` keys and `steps.<id>.outputs` are checked against action.yml. Any error or warning
// fails, and the cases below show each kind of mistake reported at its file and line.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type GitHubParser,
  isThisStep,
  loadGitHubParser,
  markdownWorkflows,
  wholeFile,
  type YamlSource,
} from "../support/github_parser.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

/** The `.yml` and `.yaml` files of a folder of the repository (none when it does not exist). */
const yamlFiles = (folder: string): string[] =>
  existsSync(join(ROOT, folder))
    ? readdirSync(join(ROOT, folder)).filter((name) => /\.ya?ml$/.test(name)).sort()
      .map((name) => `${folder}/${name}`)
    : [];

const MARKDOWN = [
  "README.md",
  ...readdirSync(join(ROOT, "docs")).sort()
    .filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`),
];

const ACTION = wholeFile("action.yml", read("action.yml"));

/** The parser, loaded once for all the tests of this file. */
let loading: Promise<GitHubParser> | undefined;
const parser = (): Promise<GitHubParser> => loading ??= loadGitHubParser();

/** The one line of `text` that holds `part`, 1-based. */
function lineOf(text: string, part: string): number {
  const lines = text.split("\n").flatMap((line, index) => line.includes(part) ? [index + 1] : []);
  assert.equal(lines.length, 1, `one line holds ${part}`);
  return lines[0]!;
}

/** `text` with `from` replaced by `to`, which it must hold once. */
function edited(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `the text holds ${from} once`);
  return text.replace(from, to);
}

Deno.test("GitHub's parser finds no error or warning in action.yml and the workflows shown", async () => {
  const files = [...yamlFiles("examples"), ...yamlFiles(".github/workflows")];
  const blocks = MARKDOWN.flatMap((file) => markdownWorkflows(file, read(file)));
  assert.ok(files.length >= 8, "examples/ has its workflows");
  assert.ok(blocks.length >= 10, "the README and docs/ have their yaml blocks");
  const workflows = [...files.map((file) => wholeFile(file, read(file))), ...blocks];
  assert.deepEqual(await (await parser()).check(ACTION, workflows), []);
});

Deno.test("GitHub's parser refuses an expression in an action.yml description", async () => {
  const text = edited(ACTION.text, `a symbolic link, and`, "a ${{ runner.temp }} link, and");
  const line = lineOf(text, "${{ runner.temp }}");
  assert.deepEqual(await (await parser()).check(wholeFile("action.yml", text), []), [
    `action.yml:${line}:${text.split("\n")[line - 1]!.indexOf("${{") + 1}: ` +
    "Unrecognized named-value: 'runner'",
  ]);
});

Deno.test("a misspelled input of this step is reported, for gcp-oidc/auth@v1 and for ./", async () => {
  const example = read("examples/wif_gcloud.yml");
  const misspelled = edited(example, "workload_identity_provider:", "workload_identity_providr:");
  const local = edited(misspelled, "uses: gcp-oidc/auth@v1", "uses: ./");
  const line = lineOf(misspelled, "workload_identity_providr");
  const column = misspelled.split("\n")[line - 1]!.indexOf("workload") + 1;
  const finding = `${line}:${column}: Invalid action input 'workload_identity_providr'`;
  assert.deepEqual(
    await (await parser()).check(ACTION, [
      wholeFile("examples/misspelled.yml", misspelled),
      wholeFile(".github/workflows/local.yml", local),
    ]),
    [`examples/misspelled.yml:${finding}`, `.github/workflows/local.yml:${finding}`],
  );
});

Deno.test("an output this step does not declare is reported, one of another step is not", async () => {
  const example = read("examples/access_token_curl.yml");
  const misspelled = edited(example, "outputs.access_token }}", "outputs.acess_token }}");
  const line = lineOf(misspelled, "acess_token");
  const column = misspelled.split("\n")[line - 1]!.indexOf("${{") + 1;
  const otherStep = [
    "on: push",
    "jobs:",
    "  a:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - id: checkout",
    "        uses: actions/checkout@v5",
    "      - run: echo ${{ steps.checkout.outputs.anything }}",
  ].join("\n");
  assert.deepEqual(
    await (await parser()).check(ACTION, [
      wholeFile("examples/misspelled.yml", misspelled),
      wholeFile("examples/other.yml", otherStep),
    ]),
    [`examples/misspelled.yml:${line}:${column}: Context access might be invalid: acess_token`],
  );
});

Deno.test("a yaml block of Markdown is made a workflow by its form, and reported at its own line", async () => {
  const markdown = [
    "# Steps", // 1
    "```yaml", // 2
    "- id: auth", // 3
    "  uses: gcp-oidc/auth@v1", // 4
    "  with:", // 5
    "    token_format: access_token", // 6
    '- run: curl -H "Authorization: Bearer ${{ steps.auth.outputs.access_token }}" https://x', // 7
    "```",
    "A job's body:",
    "```yaml", // 10
    "permissions:", // 11
    "  id-token: writ", // 12
    "```",
    "A workflow without `on:`, and a block of another language:",
    "```yaml", // 15
    "jobs:", // 16
    "  a:", // 17
    "    runs-on: ubuntu-latest", // 18
    "    steps:", // 19
    "      - uses: gcp-oidc/auth@v1", // 20
    "        with: { universes: x }", // 21
    "```",
    "```json",
    '{ "jobs": 1 }',
    "```",
  ].join("\n");
  const blocks = markdownWorkflows("docs/x.md", markdown);
  assert.deepEqual(blocks.map((block: YamlSource) => block.line), [3, 11, 16]);
  const findings = await (await parser()).check(ACTION, blocks);
  assert.deepEqual(findings.map((finding) => finding.replace(/: .*/s, "")), [
    "docs/x.md:7:8",
    "docs/x.md:12:13",
    "docs/x.md:21:17",
  ]);
  assert.match(findings[0]!, /Nested mappings are not allowed in compact mappings$/);
  assert.match(findings[2]!, /Invalid action input 'universes'$/);
});

Deno.test("this step is <owner>/auth@<ref> or ./, not another action named auth-something", () => {
  for (const uses of ["gcp-oidc/auth@v1", "my-fork/auth@0123abc", "./"]) {
    assert.ok(isThisStep(uses), uses);
  }
  for (const uses of ["gcp-oidc/auth-x@v1", "google/auth/sub@v1", "./sub", "docker://auth"]) {
    assert.equal(isThisStep(uses), false, uses);
  }
});
