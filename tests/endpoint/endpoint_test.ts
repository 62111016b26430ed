import assert from "node:assert/strict";
import { endpoint } from "../../endpoint/mod.ts";
import { PACKAGE_NAME, VERSION } from "../../endpoint/_package.ts";

const UA = endpoint.DEFAULTS.headers["user-agent"];

function body(value: unknown): unknown {
  return typeof value === "object" && value !== null ? { ...value } : value;
}

Deno.test("endpoint() builds a GET with placeholders and a query string", () => {
  const options = endpoint("GET /orgs/{org}/repos", {
    org: "octokit",
    type: "private",
    headers: { authorization: "token 0000000000000000000000000000000000000001" },
  });
  assert.deepEqual(options, {
    method: "GET",
    url: "https://api.github.com/orgs/octokit/repos?type=private",
    headers: {
      accept: "application/vnd.github.v3+json",
      authorization: "token 0000000000000000000000000000000000000001",
      "user-agent": UA,
    },
  });
});

Deno.test("endpoint() sends remaining parameters as a JSON body for POST", () => {
  const options = endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello-world",
    title: "Found a bug",
    labels: ["bug"],
  });
  assert.equal(options.url, "https://api.github.com/repos/octocat/hello-world/issues");
  assert.deepEqual(body(options.body), { title: "Found a bug", labels: ["bug"] });
  assert.equal(Object.getPrototypeOf(options.body), null);
  assert.equal(options.headers["content-type"], "application/json; charset=utf-8");
});

Deno.test("endpoint() sends data as the body as is", () => {
  const options = endpoint("POST /markdown/raw", {
    data: "Hello world github/linguist#1 **cool**",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
  assert.equal(options.body, "Hello world github/linguist#1 **cool**");
  assert.equal(options.headers["content-type"], "text/plain; charset=utf-8");
});

Deno.test("endpoint() gives PUT and PATCH without parameters an empty body", () => {
  assert.equal(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }).body, "");
  assert.equal(endpoint("PATCH /x").body, "");
  assert.equal("body" in endpoint("DELETE /x"), false);
  assert.equal("body" in endpoint("POST /x"), false);
});

Deno.test("endpoint() uppercases the method", () => {
  assert.equal(endpoint("patch /x").method, "PATCH");
  assert.equal(endpoint({ method: "post", url: "/x" }).method, "POST");
});

Deno.test("endpoint() expands {?a,b} templates and sends the rest as the body", () => {
  const options = endpoint(
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    {
      owner: "octocat",
      repo: "hello-world",
      release_id: 123,
      name: "example.zip",
      label: "short description",
      headers: { "content-type": "application/zip" },
      data: "zip bytes",
    },
  );
  assert.equal(
    options.url,
    "https://uploads.github.com/repos/octocat/hello-world/releases/123/assets?name=example.zip&label=short%20description",
  );
  assert.equal(options.body, "zip bytes");
});

Deno.test("endpoint() passes request through and applies mediaType.format", () => {
  const signal = new AbortController().signal;
  const options = endpoint("GET /repos/{owner}/{repo}/contents/{path}", {
    owner: "o",
    repo: "r",
    path: "README.md",
    mediaType: { format: "raw" },
    request: { signal },
  });
  assert.equal(options.headers.accept, "application/vnd.github.v3.raw");
  assert.equal(options.request?.signal, signal);
});

Deno.test("endpoint() converts :name placeholders in the path only", () => {
  assert.equal(
    endpoint("GET /repos/:owner/:repo", { owner: "a b/c", repo: "r" }).url,
    "https://api.github.com/repos/a%20b%2Fc/r",
  );
  assert.equal(
    endpoint("GET https://user:secret@example.com:8080/x/:id", { id: "1" }).url,
    "https://user:secret@example.com:8080/x/1",
  );
});

Deno.test("endpoint() keeps Google custom methods (AIP-136): :verb after a placeholder or inside a segment is literal", () => {
  const iam = endpoint.defaults({ baseUrl: "https://iamcredentials.googleapis.com" });
  const idToken = iam("POST /v1/projects/-/serviceAccounts/{sa}:generateIdToken", {
    sa: "ci@p.iam.gserviceaccount.com",
    audience: "https://example.com",
  });
  assert.equal(
    idToken.url,
    "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/ci%40p.iam.gserviceaccount.com:generateIdToken",
  );
  assert.deepEqual(body(idToken.body), { audience: "https://example.com" });
  assert.equal(
    endpoint("POST /v1/{+resource}:setIamPolicy", { resource: "projects/p/topics/t" }).url,
    "https://api.github.com/v1/projects/p/topics/t:setIamPolicy",
  );
  assert.equal(
    endpoint("POST /v1/:name:signJwt", { name: "projects/-/serviceAccounts/x" }).url,
    "https://api.github.com/v1/projects%2F-%2FserviceAccounts%2Fx:signJwt",
  );
  assert.equal(
    endpoint("GET /v1/operations/op:cancel?x=/:notme", { notme: "v" }).url,
    "https://api.github.com/v1/operations/op:cancel?x=/:notme&notme=v",
  );
});

Deno.test("endpoint() accepts hyphenated variable names like GitHub's {enterprise-team}", () => {
  const options = endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", {
    enterprise: "e",
    "enterprise-team": "t",
  });
  assert.equal(options.url, "https://api.github.com/enterprises/e/teams/t");
});

Deno.test("endpoint.defaults() cascades and keeps each level's DEFAULTS", () => {
  const google = endpoint.defaults({
    baseUrl: "https://sts.googleapis.com",
    headers: { accept: "application/json" },
  });
  const withReason = google.defaults({ headers: { "X-Goog-Request-Reason": "ci" } });
  assert.equal(google.DEFAULTS.baseUrl, "https://sts.googleapis.com");
  assert.equal(google.DEFAULTS.headers["x-goog-request-reason"], undefined);
  assert.equal(withReason.DEFAULTS.headers["x-goog-request-reason"], "ci");
  assert.equal(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
  const options = withReason("POST /v1/token", { audience: "a" });
  assert.equal(options.url, "https://sts.googleapis.com/v1/token");
  assert.deepEqual(options.headers, {
    accept: "application/json",
    "user-agent": UA,
    "x-goog-request-reason": "ci",
    "content-type": "application/json; charset=utf-8",
  });
});

Deno.test("endpoint() equals parse(merge()) and merge() keeps the method's case", () => {
  const merged = endpoint.merge("post /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  assert.equal(merged.method, "post");
  assert.equal(merged.url, "/repos/{owner}/{repo}/issues");
  assert.deepEqual(
    endpoint.parse(merged),
    endpoint("post /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }),
  );
  assert.equal(endpoint.defaults({}).parse, endpoint.parse);
});

Deno.test("endpoint.DEFAULTS has octokit's shape with this package's user-agent", () => {
  assert.deepEqual(Object.keys(endpoint), ["DEFAULTS", "defaults", "merge", "parse"]);
  assert.deepEqual(endpoint.DEFAULTS, {
    method: "GET",
    baseUrl: "https://api.github.com",
    headers: { accept: "application/vnd.github.v3+json", "user-agent": UA },
    mediaType: { format: "" },
  });
  assert.equal(UA, `${PACKAGE_NAME}/${VERSION} Deno/${Deno.version.deno}`);
});

Deno.test("endpoint() rejects a non-string accept header that a format or GraphQL previews rewrite", () => {
  assert.throws(
    () =>
      endpoint("POST /graphql", {
        headers: { accept: 0 as never },
        mediaType: { previews: ["x"] },
      }),
    {
      name: "TypeError",
      message: 'Cannot apply mediaType.previews: the "accept" header must be a string, got number',
    },
  );
  assert.throws(
    () => endpoint("GET /x", { headers: { accept: 0 as never }, mediaType: { format: "raw" } }),
    /Cannot apply mediaType.format "raw": the "accept" header must be a string, got number/,
  );
  assert.equal(endpoint("POST /graphql", { headers: { accept: 0 as never } }).headers.accept, "0");
});

Deno.test("endpoint() returns string header values, as fetch, undici and got take them", () => {
  const options = endpoint("GET /x", {
    headers: { "X-Count": 3, "x-null": null, "x-big": 10n, "x-dropped": undefined } as never,
  });
  assert.deepEqual(options.headers, {
    accept: "application/vnd.github.v3+json",
    "user-agent": UA,
    "x-count": "3",
    "x-null": "null",
    "x-big": "10",
  });
  const parsed = endpoint.parse({
    ...endpoint.DEFAULTS,
    url: "/x",
    headers: { a: 1, b: undefined } as never,
  });
  assert.deepEqual(parsed.headers, { a: "1" });
});
