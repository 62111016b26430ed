// action.yml against google-github-actions/auth v3 (17 inputs, same names and
// defaults) and the design (outputs, node24, dist/ entries); examples/ use the step with inputs;
// every error code the step can report has a section in docs/TROUBLESHOOTING.md; docs/step.md and
// README.md list every input and output.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { AUTH_ERROR_HINTS } from "../../auth/_hints.ts";

const ROOT = resolve(import.meta.dirname ?? ".", "../..");
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

/** google-github-actions/auth's inputs, in its order, with their defaults (`undefined`: no default). */
const GHA_AUTH_INPUTS: [string, string | undefined][] = [
  ["project_id", undefined],
  ["workload_identity_provider", undefined],
  ["service_account", undefined],
  ["audience", ""],
  ["credentials_json", undefined],
  ["create_credentials_file", "true"],
  ["export_environment_variables", "true"],
  ["token_format", ""],
  ["delegates", ""],
  ["universe", "googleapis.com"],
  ["request_reason", undefined],
  ["cleanup_credentials", "true"],
  ["access_token_lifetime", "3600s"],
  ["access_token_scopes", "https://www.googleapis.com/auth/cloud-platform"],
  ["access_token_subject", ""],
  ["id_token_audience", ""],
  ["id_token_include_email", "false"],
];

/** The inputs this step adds after google-github-actions/auth's, with their defaults. */
const NEW_INPUTS: [string, string | undefined][] = [
  ["credentials_file_path", ""],
  ["docker_registries", ""],
];

const OUTPUTS = [
  "project_id",
  "credentials_file_path",
  "auth_token",
  "access_token",
  "access_token_expiration",
  "id_token",
];

interface Entry {
  name: string;
  fields: Record<string, string>;
}

/** The entries of a top-level mapping section of action.yml (two-space keys, folded text). */
function section(yaml: string, name: string): Entry[] {
  const lines = yaml.split("\n");
  const start = lines.indexOf(`${name}:`);
  assert.ok(start >= 0, `action.yml has "${name}:"`);
  const entries: Entry[] = [];
  let field: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const entry = /^ {2}([a-z_]+):\s*$/.exec(line);
    if (entry !== null) {
      entries.push({ name: entry[1]!, fields: {} });
      field = undefined;
      continue;
    }
    const current = entries.at(-1);
    const pair = /^ {4}([a-z-]+):\s*(.*)$/.exec(line);
    if (current !== undefined && pair !== null) {
      field = pair[1]!;
      const value = pair[2]!.trim();
      current.fields[field] = value === ">-" ? "" : value.replace(/^"(.*)"$/, "$1");
      continue;
    }
    if (current !== undefined && field !== undefined && line.trim() !== "") {
      current.fields[field] = `${current.fields[field]} ${line.trim()}`.trim();
    }
  }
  return entries;
}

Deno.test("action.yml declares google-github-actions/auth's 17 inputs, names, defaults and order, then its own", () => {
  const inputs = section(read("action.yml"), "inputs");
  assert.deepEqual(
    inputs.map((input) => input.name),
    [...GHA_AUTH_INPUTS, ...NEW_INPUTS].map(([name]) => name),
  );
  for (const [name, fallback] of [...GHA_AUTH_INPUTS, ...NEW_INPUTS]) {
    const { fields } = inputs.find((input) => input.name === name)!;
    assert.equal(fields.required, "false", `${name} is not required in YAML`);
    assert.equal(fields.default, fallback, `${name} default`);
    assert.ok((fields.description ?? "").length >= 60, `${name} has a real description`);
    assert.match(fields.description ?? "", /Default: /, `${name} states its default`);
  }
});

Deno.test("action.yml input descriptions say what they exclude and which token format they apply to", () => {
  const inputs = Object.fromEntries(
    section(read("action.yml"), "inputs").map((input) => [input.name, input.fields.description]),
  );
  assert.match(inputs.workload_identity_provider!, /Excludes "credentials_json"/);
  assert.match(inputs.credentials_json!, /Excludes\s+"workload_identity_provider"/);
  for (const name of ["access_token_lifetime", "access_token_scopes", "access_token_subject"]) {
    assert.match(inputs[name]!, /"token_format: access_token" only/, name);
  }
  assert.match(inputs.id_token_include_email!, /"token_format: id_token" only/);
  assert.match(inputs.id_token_audience!, /Required with "token_format: id_token"/);
  assert.match(inputs.access_token_lifetime!, /at most 12h/);
  assert.match(inputs.access_token_lifetime!, /at most 1h with "access_token_subject"/);
});

Deno.test("action.yml declares the six outputs and runs dist/ on node24 with a post step", () => {
  const yaml = read("action.yml");
  const outputs = section(yaml, "outputs");
  assert.deepEqual(outputs.map((output) => output.name), OUTPUTS);
  for (const name of ["auth_token", "access_token", "id_token"]) {
    assert.match(outputs.find((output) => output.name === name)!.fields.description!, /Masked/);
  }
  assert.match(
    yaml,
    /\nruns:\n {2}using: "node24"\n {2}main: "dist\/main\.mjs"\n {2}post: "dist\/post\.mjs"\n?$/,
  );
  assert.doesNotMatch(
    yaml,
    /post-if:/,
    "the post step runs always, as google-github-actions/auth's",
  );
});

// github_parser_test.ts checks the inputs' names, with GitHub's parser.
Deno.test("examples/ use gcp-oidc/auth@v1 with inputs, WIF ones with id-token: write", () => {
  const files = readdirSync(join(ROOT, "examples")).filter((name) => name.endsWith(".yml"));
  assert.ok(files.length >= 5);
  for (const file of files) {
    const text = read(`examples/${file}`);
    const lines = text.split("\n");
    const uses = lines.findIndex((line) => /uses: gcp-oidc\/auth@v1\s*$/.test(line));
    assert.ok(uses >= 0, `${file} uses gcp-oidc/auth@v1`);
    const withAt = lines.findIndex((line, index) => index > uses && /^\s+with:\s*$/.test(line));
    const indent = (lines[withAt]?.match(/^\s*/)?.[0].length ?? 0) + 2;
    const keys: string[] = [];
    for (const line of lines.slice(withAt + 1)) {
      const key = new RegExp(`^ {${indent}}([a-z_]+):`).exec(line);
      if (key === null) break;
      keys.push(key[1]!);
    }
    assert.ok(keys.length > 0, `${file} passes inputs`);
    if (keys.includes("workload_identity_provider")) {
      assert.match(text, /id-token: write/, `${file} grants id-token: write`);
    }
    const checkout = lines.findIndex((line) => /uses: actions\/checkout@/.test(line));
    if (checkout >= 0) assert.ok(checkout < uses, `${file}: checkout runs before the step`);
    assert.equal(text.includes("\t"), false, `${file} has no tabs`);
  }
});

Deno.test("docs/TROUBLESHOOTING.md has a section for every code the step reports", () => {
  const doc = read("docs/TROUBLESHOOTING.md");
  const sections = new Set([...doc.matchAll(/^## (ERR_[A-Z0-9_]+)$/gm)].map((match) => match[1]));
  const codes = ["ERR_ACTION_INPUT", "ERR_CREDENTIALS_FILE", ...Object.keys(AUTH_ERROR_HINTS)];
  for (const code of codes) assert.ok(sections.has(code), `no section for ${code}`);
});

Deno.test("docs/step.md and README.md list every input and output", async (t) => {
  for (const file of ["docs/step.md", "README.md"]) {
    await t.step(file, () => {
      const doc = read(file);
      for (
        const name of [...[...GHA_AUTH_INPUTS, ...NEW_INPUTS].map(([input]) => input), ...OUTPUTS]
      ) {
        assert.match(doc, new RegExp(`\\| \`${name}\` +\\|`), name);
      }
    });
  }
});
