/**
 * The Discovery document generator (tools/discovery_types.ts) on the vendored documents of Cloud
 * Storage and IAM Credentials (tests/tools/_fixtures/README.md): the committed modules are its
 * output, its paths are the document's (`{object}`, `{+name}:verb`), and its types are those the
 * document gives. That the modules compile and type the calls is in
 * tests/endpoint/typed_types_check.ts.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { type DiscoveryDocument, discoveryTypes } from "../../tools/discovery_types.ts";

const FIXTURES = new URL("_fixtures/", import.meta.url);
const GENERATED = new URL("../support/discovery/", import.meta.url);

async function documentOf(name: string): Promise<DiscoveryDocument> {
  return JSON.parse(await Deno.readTextFile(new URL(`${name}.json`, FIXTURES)));
}

Deno.test("the committed type modules are the generator's output", async () => {
  for (
    const [fixture, module] of [
      ["storage.v1", "storage_v1.ts"],
      ["iamcredentials.v1", "iamcredentials_v1.ts"],
    ]
  ) {
    assert.equal(
      discoveryTypes(await documentOf(fixture!)),
      await Deno.readTextFile(new URL(module!, GENERATED)),
      `${module} is stale: deno task discovery-types tests/tools/_fixtures/${fixture}.json`,
    );
  }
});

Deno.test("paths are the document's, relative to rootUrl + servicePath", async () => {
  const storage = discoveryTypes(await documentOf("storage.v1"));
  assert.match(storage, /^export const baseUrl = "https:\/\/www\.googleapis\.com\/storage\/v1";$/m);
  assert.match(
    storage,
    /^ {2}"\/b\/\{bucket\}\/o\/\{object\}": \{\n {4}get: operations\["storage\.objects\.get"\];\n {4}put: operations\["storage\.objects\.update"\];\n {4}delete: operations\["storage\.objects\.delete"\];\n {4}patch: operations\["storage\.objects\.patch"\];\n {2}\};$/m,
  );
  // Media uploads are relative to rootUrl, not servicePath: left out.
  assert.doesNotMatch(storage, /upload\/storage/);
  const iam = discoveryTypes(await documentOf("iamcredentials.v1"));
  assert.match(iam, /^export const baseUrl = "https:\/\/iamcredentials\.googleapis\.com";$/m);
  for (const verb of ["generateAccessToken", "generateIdToken", "signBlob", "signJwt"]) {
    assert.match(iam, new RegExp(`^ {2}"/v1/\\{\\+name\\}:${verb}": \\{$`, "m"));
  }
});

Deno.test("parameters keep Discovery's types, required flags, enums and repetition", () => {
  const module = discoveryTypes({
    id: "demo:v1",
    rootUrl: "https://demo.googleapis.com/",
    servicePath: "",
    parameters: { fields: { type: "string", location: "query" } },
    schemas: {
      Item: {
        type: "object",
        properties: {
          size: { type: "string", format: "int64" },
          "weird-name": { type: "integer", description: "Ends a comment: */" },
          labels: { type: "object", additionalProperties: { type: "string" } },
          any: { type: "any" },
        },
      },
    },
    resources: {
      items: {
        methods: {
          list: {
            id: "demo.items.list",
            path: "v1/{+parent}/items",
            httpMethod: "GET",
            parameters: {
              parent: { type: "string", location: "path", required: true },
              view: { type: "string", location: "query", enum: ["BASIC", "FULL"] },
              ids: { type: "string", location: "query", repeated: true },
              pageSize: { type: "integer", location: "query", required: true },
            },
            response: { $ref: "Item" },
          },
          remove: {
            id: "demo.items.remove",
            path: "v1/{+name}:remove",
            httpMethod: "POST",
            parameters: { name: { type: "string", location: "path", required: true } },
          },
        },
      },
    },
  });
  assert.match(module, /^ {6}query: StandardParameters & \{$/m);
  assert.match(module, /^ {8}view\?: "BASIC" \| "FULL";$/m);
  assert.match(module, /^ {8}ids\?: \(string\)\[\];$/m);
  assert.match(module, /^ {8}pageSize: number;$/m);
  assert.match(module, /^ {8}parent: string;$/m);
  assert.match(module, /^ {6}size\?: string;$/m);
  assert.match(module, /^ {6}"weird-name"\?: number;$/m);
  assert.match(module, /Ends a comment: \*\\\/ \*\/$/m);
  assert.match(module, /^ {8}\[key: string\]: string;$/m);
  assert.match(module, /^ {6}any\?: unknown;$/m);
  // A method without a response answers with no content; one without query keeps the standard.
  assert.match(
    module,
    /"demo\.items\.remove": \{\n {4}parameters: \{\n {6}query\?: StandardParameters;/,
  );
  assert.match(module, /^ {6}200: \{ content\?: never \};$/m);
});

Deno.test("the task writes the module to stdout, and refuses a file that is not a Discovery document", async () => {
  const tool = fileURLToPath(new URL("../../tools/discovery_types.ts", import.meta.url));
  const run = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", tool, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
  const written = await run([fileURLToPath(new URL("iamcredentials.v1.json", FIXTURES))]);
  assert.equal(written.code, 0);
  assert.equal(
    new TextDecoder().decode(written.stdout),
    await Deno.readTextFile(new URL("iamcredentials_v1.ts", GENERATED)),
  );
  const notDiscovery = fileURLToPath(new URL("../../deno.json", import.meta.url));
  const refused = await run([notDiscovery]);
  assert.notEqual(refused.code, 0);
  assert.match(
    new TextDecoder().decode(refused.stderr),
    /Cannot generate types from .*deno\.json: not a Google Discovery document \(no string id, rootUrl, servicePath\)/,
  );
  const usage = await run([]);
  assert.equal(usage.code, 2);
  assert.match(new TextDecoder().decode(usage.stderr), /^Usage: deno task discovery-types/);
});
