/**
 * `typedEndpoint()` at runtime is `endpoint()` with the same defaults, byte for byte: over every
 * GitHub REST route of @octokit/plugin-rest-endpoint-methods (with generated parameters, each
 * route's own defaults, and a GitHub Enterprise base URL), and over Google routes with `{+name}`,
 * `:verb` and `{?query}` templates.
 */
import assert from "node:assert/strict";
import type { paths as github } from "@octokit/openapi-types";
import { endpoint, type EndpointOptions, typedEndpoint } from "../../endpoint/mod.ts";
import { GITHUB_ROUTES } from "../support/differential.ts";
import type { paths as iamcredentials } from "../support/discovery/iamcredentials_v1.ts";
import type { paths as storage } from "../support/discovery/storage_v1.ts";

/** Parameters for a route: each `{name}` filled, plus query or body keys and headers. */
function parametersFor(route: string, seed: number): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const [, expression] of route.matchAll(/\{([^{}]+)\}/g)) {
    for (const name of expression!.replace(/^[?+#./;&]/, "").split(",")) {
      parameters[name.replace(/[*]|:\d+$/g, "")] = seed % 2 === 0 ? `v ${seed}/${name}` : seed;
    }
  }
  Object.assign(
    parameters,
    /^(GET|HEAD) /.test(route)
      ? { per_page: 100, page: seed % 7, labels: ["bug", "help wanted"] }
      : { title: "Found a bug", nested: { list: [1, "two"] }, draft: seed % 3 === 0 },
    { headers: { "X-GitHub-Api-Version": "2022-11-28", authorization: `token ${seed}` } },
  );
  return parameters;
}

/** Both builders' results as JSON text: the same keys in the same order, the same values. */
function bytesOf(result: unknown): string {
  return JSON.stringify(result, (_key, value) => typeof value === "bigint" ? String(value) : value);
}

// The typed signatures check routes of `Paths`; these calls loop over route strings.
type AnyBuilder = (route: string, options?: EndpointOptions) => unknown;

Deno.test("typedEndpoint() gives endpoint()'s request options on every GitHub REST route", () => {
  for (const baseUrl of [undefined, "https://ghe.example/api/v3"]) {
    GITHUB_ROUTES.forEach(({ name, route, defaults }, seed) => {
      const options = { ...defaults, ...(baseUrl === undefined ? {} : { baseUrl }) };
      const typed = typedEndpoint<github>(options) as unknown as AnyBuilder;
      const plain = endpoint.defaults(options) as unknown as AnyBuilder;
      const parameters = parametersFor(route, seed);
      assert.equal(
        bytesOf(typed(route, structuredClone(parameters))),
        bytesOf(plain(route, structuredClone(parameters))),
        `${name}: ${route}`,
      );
    });
  }
  assert.ok(GITHUB_ROUTES.length > 1000);
});

Deno.test("typedEndpoint() keeps endpoint()'s DEFAULTS and its handling of Google's templates", () => {
  const iam = typedEndpoint<iamcredentials>({ baseUrl: "https://iamcredentials.googleapis.com" });
  assert.deepEqual(
    iam.DEFAULTS,
    endpoint.defaults({ baseUrl: "https://iamcredentials.googleapis.com" }).DEFAULTS,
  );
  const name = "projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com";
  const token = iam("POST /v1/{+name}:generateAccessToken", { name, scope: ["s"] });
  assert.equal(
    token.url,
    `https://iamcredentials.googleapis.com/v1/${name}:generateAccessToken`,
  );
  assert.deepEqual({ ...token.body as object }, { scope: ["s"] });
  const gcs = typedEndpoint<storage>({ baseUrl: "https://storage.googleapis.com/storage/v1" });
  const insert = gcs("POST /b{?project}", { project: "my project", name: "bucket" });
  assert.equal(insert.url, "https://storage.googleapis.com/storage/v1/b?project=my%20project");
  assert.deepEqual({ ...insert.body as object }, { name: "bucket" });
  const object = gcs("GET /b/{bucket}/o/{object}", { bucket: "b", object: "logs/a b.txt" });
  assert.equal(object.url, "https://storage.googleapis.com/storage/v1/b/b/o/logs%2Fa%20b.txt");
  for (
    const [route, options] of [
      ["POST /v1/{+name}:generateAccessToken", { name, scope: ["s"] }],
      ["POST /b{?project}", { project: "my project", name: "bucket" }],
      ["GET /b/{bucket}/o/{object}", { bucket: "b", object: "logs/a b.txt" }],
    ] as const
  ) {
    const plain = endpoint.defaults({ baseUrl: "https://x.example" }) as unknown as AnyBuilder;
    const typed = typedEndpoint<storage>({ baseUrl: "https://x.example" }) as unknown as AnyBuilder;
    assert.equal(bytesOf(typed(route, { ...options })), bytesOf(plain(route, { ...options })));
  }
});
