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

function bodyInit(options: RequestOptions): string | undefined {
  if (options.body === undefined) return undefined;
  return typeof options.body === "string" ? options.body : JSON.stringify(options.body);
}

type Send = (options: RequestOptions) => Promise<void>;

function sendWith(fetchFunction: typeof fetch): Send {
  return async (options) => {
    const response = await fetchFunction(options.url, {
      method: options.method,
      headers: options.headers as Record<string, string>,
      body: bodyInit(options),
    });
    await response.body?.cancel();
  };
}

const CLIENTS: Record<string, Send> = {
  "global fetch": sendWith(fetch),
  "undici fetch": sendWith(undiciFetch as unknown as typeof fetch),
  "undici request": async (options) => {
    const response = await undiciRequest(options.url, {
      method: options.method as "GET",
      headers: options.headers as Record<string, string>,
      body: bodyInit(options),
    });
    await response.body.dump();
  },
};

for (const [client, send] of Object.entries(CLIENTS)) {
  Deno.test(`endpoint() options sent with ${client} reach a loopback server intact`, async (t) => {
    await withServer(async (baseUrl, seen) => {
      const api = endpoint.defaults({
        baseUrl,
        headers: { authorization: "token test-only", "X-GitHub-Api-Version": "2022-11-28" },
      });

      await t.step("GET with placeholders and a query", async () => {
        await send(api("GET /repos/{owner}/{repo}/issues", {
          owner: "octo org",
          repo: "hello",
          state: "open",
          q: "is:open+label:bug",
        }));
        const request = seen.at(-1)!;
        assert.equal(request.method, "GET");
        assert.equal(
          request.path,
          "/repos/octo%20org/hello/issues?state=open&q=is%3Aopen+label%3Abug",
        );
        assert.equal(request.headers.get("authorization"), "token test-only");
        assert.equal(request.headers.get("x-github-api-version"), "2022-11-28");
        assert.equal(request.headers.get("accept"), "application/vnd.github.v3+json");
        assert.match(request.headers.get("user-agent")!, /^gcp-oidc-auth\//);
        assert.equal(request.body, "");
      });

      await t.step("POST with a JSON body", async () => {
        await send(api("POST /repos/{owner}/{repo}/issues", {
          owner: "o",
          repo: "r",
          title: "Found a bug",
          labels: ["bug"],
        }));
        const request = seen.at(-1)!;
        assert.equal(request.method, "POST");
        assert.equal(request.path, "/repos/o/r/issues");
        assert.equal(request.headers.get("content-type"), "application/json; charset=utf-8");
        assert.deepEqual(JSON.parse(request.body), { title: "Found a bug", labels: ["bug"] });
      });

      await t.step("PATCH with a JSON body", async () => {
        await send(api("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
          owner: "o",
          repo: "r",
          issue_number: 7,
          state: "closed",
        }));
        const request = seen.at(-1)!;
        assert.equal(request.method, "PATCH");
        assert.equal(request.path, "/repos/o/r/issues/7");
        assert.deepEqual(JSON.parse(request.body), { state: "closed" });
      });

      await t.step("PUT without parameters sends an empty body", async () => {
        await send(api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }));
        const request = seen.at(-1)!;
        assert.equal(request.method, "PUT");
        assert.equal(request.headers.get("content-length"), "0");
        assert.equal(request.body, "");
      });

      await t.step("DELETE and HEAD", async () => {
        await send(api("DELETE /repos/{owner}/{repo}/labels/{name}", {
          owner: "o",
          repo: "r",
          name: "help wanted",
        }));
        assert.equal(seen.at(-1)!.method, "DELETE");
        assert.equal(seen.at(-1)!.path, "/repos/o/r/labels/help%20wanted");
        await send(api("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r", per_page: 1 }));
        assert.equal(seen.at(-1)!.method, "HEAD");
        assert.equal(seen.at(-1)!.path, "/repos/o/r?per_page=1");
      });

      await t.step("data with a custom content-type and a {?name,label} template", async () => {
        await send(api("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
          owner: "o",
          repo: "r",
          release_id: 1,
          name: "app.zip",
          headers: { "Content-Type": "application/zip" },
          data: "zip bytes",
        }));
        const request = seen.at(-1)!;
        assert.equal(request.path, "/repos/o/r/releases/1/assets?name=app.zip");
        assert.equal(request.headers.get("content-type"), "application/zip");
        assert.equal(request.body, "zip bytes");
      });
    });
  });
}
