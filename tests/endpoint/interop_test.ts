/**
 * Interop: request options from endpoint() sent by real clients (global fetch, undici's fetch and
 * request) to a loopback server, which must see the expected method, path, query, headers and
 * body.
 */
import assert from "node:assert/strict";
import { fetch as undiciFetch, request as undiciRequest } from "undici";
import { endpoint, type RequestOptions } from "../../endpoint/mod.ts";

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

async function withServer(run: (baseUrl: string, seen: Seen[]) => Promise<void>): Promise<void> {
  const seen: Seen[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        body: await request.text(),
      });
      return new Response(request.method === "HEAD" ? null : "ok");
    },
  );
  try {
    await run(`http://127.0.0.1:${server.addr.port}`, seen);
  } finally {
    await server.shutdown();
  }
}

function bodyInit(options: Pick<RequestOptions, "body">): string | undefined {
  if (options.body === undefined) return undefined;
  return typeof options.body === "string" ? options.body : JSON.stringify(options.body);
}

type Send = (options: RequestOptions) => Promise<void>;

// No casts: the result's method, url and headers are what each client's types take.
const CLIENTS: Record<string, Send> = {
  "global fetch": async ({ method, url, headers, ...options }) => {
    const response = await fetch(url, { method, headers, body: bodyInit(options) });
    await response.body?.cancel();
  },
  "undici fetch": async ({ method, url, headers, ...options }) => {
    const response = await undiciFetch(url, { method, headers, body: bodyInit(options) });
    await response.body?.cancel();
  },
  "undici request": async ({ method, url, headers, ...options }) => {
    const response = await undiciRequest(url, { method, headers, body: bodyInit(options) });
    await response.body.dump();
  },
};

/** What the server must see: `json` is the parsed body, `body` the raw text. */
interface Expected {
  method: string;
  path: string;
  body?: string;
  json?: unknown;
  headers?: Record<string, string | null>;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The headers every request carries: the defaults below plus endpoint()'s own. */
const COMMON_HEADERS: Record<string, string> = {
  authorization: "token test-only",
  "x-github-api-version": "2022-11-28",
  accept: "application/vnd.github.v3+json",
};

type Case = [name: string, route: string, parameters: Record<string, unknown>, Expected];

/** The requests to send; `baseUrl` is the loopback server's, for a route given as a full URL. */
const cases = (baseUrl: string): Case[] => [
  ["GET with placeholders and a query", "GET /repos/{owner}/{repo}/issues", {
    owner: "octo org",
    repo: "hello",
    state: "open",
    q: "is:open+label:bug",
  }, {
    method: "GET",
    path: "/repos/octo%20org/hello/issues?state=open&q=is%3Aopen+label%3Abug",
    body: "",
    headers: { "content-type": null },
  }],
  ["POST with a JSON body", "POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "Found a bug",
    labels: ["bug"],
  }, {
    method: "POST",
    path: "/repos/o/r/issues",
    json: { title: "Found a bug", labels: ["bug"] },
    headers: { "content-type": JSON_TYPE },
  }],
  ["PATCH with a JSON body", "PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "o",
    repo: "r",
    issue_number: 7,
    state: "closed",
  }, {
    method: "PATCH",
    path: "/repos/o/r/issues/7",
    json: { state: "closed" },
    headers: { "content-type": JSON_TYPE },
  }],
  ["PUT without parameters sends an empty body", "PUT /user/starred/{owner}/{repo}", {
    owner: "o",
    repo: "r",
  }, {
    method: "PUT",
    path: "/user/starred/o/r",
    body: "",
    headers: { "content-length": "0" },
  }],
  ["DELETE without a body", "DELETE /repos/{owner}/{repo}/labels/{name}", {
    owner: "o",
    repo: "r",
    name: "help wanted",
  }, { method: "DELETE", path: "/repos/o/r/labels/help%20wanted", body: "" }],
  ["HEAD with a query", "HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r", per_page: 1 }, {
    method: "HEAD",
    path: "/repos/o/r?per_page=1",
    body: "",
  }],
  [
    "data with a custom content-type and a {?name,label} template",
    "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    {
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "app.zip",
      headers: { "Content-Type": "application/zip" },
      data: "zip bytes",
    },
    {
      method: "POST",
      path: "/repos/o/r/releases/1/assets?name=app.zip",
      body: "zip bytes",
      headers: { "content-type": "application/zip" },
    },
  ],
  ["a full URL is not joined to baseUrl", `PUT ${baseUrl}/uploads/{id}{?name}`, {
    id: 3,
    name: "a b.txt",
    data: "text",
    headers: { "content-type": "text/plain" },
  }, {
    method: "PUT",
    path: "/uploads/3?name=a%20b.txt",
    body: "text",
    headers: { "content-type": "text/plain" },
  }],
  ["mediaType.format rewrites accept", "GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    owner: "o",
    repo: "r",
    pull_number: 42,
    mediaType: { format: "diff" },
  }, {
    method: "GET",
    path: "/repos/o/r/pulls/42",
    headers: { accept: "application/vnd.github.v3.diff" },
  }],
];

function assertSeen(request: Seen, expected: Expected): void {
  assert.equal(request.method, expected.method);
  assert.equal(request.path, expected.path);
  if (expected.body !== undefined) assert.equal(request.body, expected.body);
  if (expected.json !== undefined) assert.deepEqual(JSON.parse(request.body), expected.json);
  const headers = { ...COMMON_HEADERS, ...expected.headers };
  for (const [name, value] of Object.entries(headers)) {
    assert.equal(request.headers.get(name), value, name);
  }
  assert.match(request.headers.get("user-agent")!, /^gcp-oidc-auth\//);
}

for (const [client, send] of Object.entries(CLIENTS)) {
  Deno.test(`endpoint() options sent with ${client} reach a loopback server intact`, async (t) => {
    await withServer(async (baseUrl, seen) => {
      const api = endpoint.defaults({
        baseUrl,
        headers: { authorization: "token test-only", "X-GitHub-Api-Version": "2022-11-28" },
      });
      const all = cases(baseUrl);
      for (const [name, route, parameters, expected] of all) {
        await t.step(name, async () => {
          await send(api(route, parameters));
          assertSeen(seen.at(-1)!, expected);
        });
      }
      assert.equal(seen.length, all.length);
    });
  });
}
