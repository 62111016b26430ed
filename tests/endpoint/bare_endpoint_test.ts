import assert from "node:assert/strict";
import { BARE_DEFAULTS, bareEndpoint } from "../../endpoint/bare_endpoint.ts";
import { endpoint } from "../../endpoint/mod.ts";

const BASE = "https://sts.googleapis.com/v1";
const CALLS: [string, Record<string, unknown>][] = [
  ["POST /token", { baseUrl: BASE, audience: "//iam/x", subjectToken: "t" }],
  ["POST {+tokenUrl}", { baseUrl: BASE, tokenUrl: "https://h/v1/token?x=1", data: "a=b&c=d" }],
  ["POST /projects/-/serviceAccounts/{+name}", {
    baseUrl: "https://iamcredentials.googleapis.com/v1",
    name: "sa@p.iam.gserviceaccount.com:generateIdToken",
    delegates: ["projects/-/serviceAccounts/d@p.iam.gserviceaccount.com"],
    headers: { accept: "application/json", Authorization: "Bearer x", "X-Count": 3 },
  }],
  ["GET /computeMetadata/v1/{+path}{?audience,format,scopes}", {
    baseUrl: "http://169.254.169.254",
    path: "instance/service-accounts/default/identity",
    audience: "https://a b/?c",
    format: "full",
    headers: { accept: "*/*", "metadata-flavor": "Google" },
  }],
  ["GET {+url}", { url: "https://token.example/path?x=%41", headers: { accept: "text/plain" } }],
  ["GET /search/{kind}", {
    baseUrl: BASE,
    kind: "a/b",
    q: "x+y z",
    per_page: 2,
    ignored: undefined,
  }],
  ["PATCH /items/:id", { baseUrl: BASE, id: 7 }],
  ["PUT /items/{id}", { baseUrl: BASE, id: "é", value: { nested: [1, 2] } }],
  ["DELETE /items/{id}{?force}", { baseUrl: BASE, id: 1, force: true, request: { retries: 1 } }],
];

Deno.test("bareEndpoint builds what endpoint() builds for calls that set no mediaType", () => {
  for (const [route, options] of CALLS) {
    const headers = { accept: "application/json", ...(options.headers as object | undefined) };
    assert.deepEqual(
      bareEndpoint(route, { ...options, headers }),
      endpoint(route, { ...options, headers }),
      route,
    );
  }
});

Deno.test("bareEndpoint leaves the accept header alone whatever mediaType says", () => {
  const options = {
    baseUrl: "https://api.example",
    headers: { accept: "application/vnd.github.v3+json" },
    mediaType: { format: "raw", previews: ["jean-grey"] },
  };
  const bare = bareEndpoint("POST /graphql", options);
  assert.equal(bare.headers.accept, "application/vnd.github.v3+json");
  assert.notEqual(endpoint("POST /graphql", options).headers.accept, bare.headers.accept);
  assert.deepEqual(BARE_DEFAULTS, {
    method: "GET",
    headers: { "user-agent": endpoint.DEFAULTS.headers["user-agent"] },
  });
});
