/**
 * `createRequest()` against a loopback server: what it sends (as `typedEndpoint()` builds it),
 * what it gives back (`data` by media type), the errors (status, response, no credential in the
 * message), and the bounds (time, size, the caller's signal).
 */
import assert from "node:assert/strict";
import type { paths as github } from "@octokit/openapi-types";
import { endpoint, typedEndpoint } from "../../endpoint/mod.ts";
import { createRequest, RequestError } from "../../request/mod.ts";
import { startHostileServer } from "../../tools/hostile_server.ts";
import { loopbackServer } from "../support/loopback.ts";

Deno.test("a request is sent as typedEndpoint() builds it and its JSON comes back as data", async () => {
  await using server = loopbackServer(() => Response.json({ id: 1, full_name: "o/r" }));
  const request = createRequest<github>({ baseUrl: server.url });
  const response = await request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  assert.equal(response.status, 200);
  assert.equal(response.url, `${server.url}/repos/o/r`);
  assert.equal(response.headers["content-type"], "application/json");
  assert.equal(response.data.full_name, "o/r");
  const built = typedEndpoint<github>({ baseUrl: server.url })("GET /repos/{owner}/{repo}", {
    owner: "o",
    repo: "r",
  });
  const [seen] = server.seen;
  assert.equal(seen!.method, "GET");
  assert.equal(seen!.url, built.url);
  for (const [name, value] of Object.entries(built.headers)) {
    assert.equal(seen!.headers[name], value, name);
  }
});

Deno.test("an object body is sent as JSON, a string or bytes as they are", async () => {
  await using server = loopbackServer(() => new Response(null, { status: 204 }));
  const request = createRequest({ baseUrl: server.url });
  const noContent = await request("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "Found a bug",
    labels: ["bug"],
  });
  assert.equal(noContent.status, 204);
  assert.equal(noContent.data, undefined);
  await request("POST /markdown/raw", {
    data: "**hi**",
    headers: { "content-type": "text/plain" },
  });
  await request("POST /upload", { data: new Uint8Array([104, 105]) });
  const [json, text, bytes] = server.seen;
  assert.deepEqual(JSON.parse(json!.body), { title: "Found a bug", labels: ["bug"] });
  assert.equal(json!.headers["content-type"], "application/json; charset=utf-8");
  assert.equal(text!.body, "**hi**");
  assert.equal(text!.headers["content-type"], "text/plain");
  assert.equal(bytes!.body, "hi");
});

Deno.test("data follows the media type: JSON, +json, text, bytes, nothing", async () => {
  await using server = loopbackServer((_request, url) => {
    switch (url.pathname) {
      case "/json":
        return new Response('{"a":1}', { headers: { "content-type": "application/scim+json" } });
      case "/text":
        return new Response("<p>hi</p>", { headers: { "content-type": "text/html" } });
      case "/bytes":
        return new Response(new Uint8Array([0, 255]), {
          headers: { "content-type": "application/octet-stream" },
        });
      default:
        return new Response("", { headers: { "content-type": "application/json" } });
    }
  });
  const request = createRequest({ baseUrl: server.url });
  assert.deepEqual((await request("GET /json")).data, { a: 1 });
  assert.equal((await request("GET /text")).data, "<p>hi</p>");
  assert.deepEqual((await request("GET /bytes")).data, new Uint8Array([0, 255]));
  assert.equal((await request("GET /empty")).data, undefined);
  assert.equal((await request("HEAD /json")).data, undefined);
});

Deno.test("a non-2xx rejects with RequestError: status, response, the server's message", async () => {
  await using server = loopbackServer((_request, url) =>
    url.pathname.startsWith("/google")
      ? Response.json({ error: { code: 403, message: "Permission denied", status: "DENIED" } }, {
        status: 403,
      })
      : Response.json({ message: "Not Found", documentation_url: "https://docs" }, { status: 404 })
  );
  const request = createRequest({ baseUrl: server.url });
  const github = await request("GET /repos/{owner}/{repo}", { owner: "o", repo: "gone" }).then(
    () => assert.fail("resolved"),
    (error: unknown) => error,
  );
  assert.ok(github instanceof RequestError);
  assert.equal(github.name, "RequestError");
  assert.equal(github.status, 404);
  assert.equal(github.message, `GET ${server.url}/repos/o/gone: HTTP 404: Not Found`);
  assert.equal(github.response?.status, 404);
  assert.deepEqual(github.response?.data, {
    message: "Not Found",
    documentation_url: "https://docs",
  });
  const google = await request("GET /google/v1/x").catch((error: unknown) => error);
  assert.ok(google instanceof RequestError);
  assert.equal(google.message, `GET ${server.url}/google/v1/x: HTTP 403: Permission denied`);
});

Deno.test("no credential of the request reaches the error's message or its request and response", async () => {
  const token = "ghp_SECRETsecretSECRETsecret0123456789";
  const apiKey = "AIzaSyD-secret-api-key-value";
  // A server that echoes what it was sent, as some do in their error messages.
  await using server = loopbackServer((request, url) =>
    Response.json({
      message: `bad credentials: ${request.headers.get("authorization")} for ${url.href}`,
    }, { status: 401 })
  );
  const request = createRequest({
    baseUrl: server.url,
    headers: { authorization: `Bearer ${token}`, "x-goog-api-key": apiKey },
  });
  const error = await request("GET /v1/items{?key,access_token,page}", {
    key: apiKey,
    access_token: token,
    page: 2,
  }).catch((error: unknown) => error);
  assert.ok(error instanceof RequestError);
  assert.equal(error.status, 401);
  const shown = JSON.stringify({
    message: error.message,
    request: error.request,
    url: error.response?.url,
    headers: error.response?.headers,
  });
  assert.ok(!shown.includes(token), "the error shows the token");
  assert.ok(!shown.includes(apiKey), "the error shows the API key");
  assert.ok(!shown.includes(encodeURIComponent(apiKey)), "the error shows the API key, encoded");
  assert.match(
    error.message,
    /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/items: HTTP 401: bad credentials/,
  );
  assert.match(error.message, /\[REDACTED\]/);
  assert.equal(error.request.headers.authorization, "[REDACTED]");
  assert.equal(error.request.headers["x-goog-api-key"], "[REDACTED]");
  assert.match(error.request.url, /key=%5BREDACTED%5D&access_token=%5BREDACTED%5D&page=2$/);
  // The response's own data is what the server said: it is the caller's to read.
  assert.ok(JSON.stringify(error.response?.data).includes(token));
});

Deno.test("a network failure is a RequestError with status 0 and the cause", async () => {
  const closed = loopbackServer(() => new Response());
  const url = closed.url;
  await closed[Symbol.asyncDispose]();
  const request = createRequest({ baseUrl: url });
  const error = await request("GET /repos{?access_token}", {
    access_token: "gho_secretsecretsecret",
  }).catch((error: unknown) => error);
  assert.ok(error instanceof RequestError);
  assert.equal(error.status, 0);
  assert.equal(error.response, undefined);
  assert.match(error.message, /^GET http:\/\/127\.0\.0\.1:\d+\/repos: network error: /);
  assert.ok(!error.message.includes("gho_secretsecretsecret"), "the message shows the token");
  assert.ok(error.cause instanceof Error);
  // What console.error prints, causes included: a runtime's network error quotes the URL.
  assert.ok(!Deno.inspect(error).includes("gho_secretsecretsecret"), "the error shows the token");
});

Deno.test("a 2xx whose JSON does not parse is an error, not a half answer", async () => {
  await using server = loopbackServer(() =>
    new Response("{not json", { headers: { "content-type": "application/json" } })
  );
  const error = await createRequest({ baseUrl: server.url })("GET /x").catch((e: unknown) => e);
  assert.ok(error instanceof RequestError);
  assert.equal(error.status, 200);
  assert.match(error.message, /HTTP 200 with a body that is not the JSON its content-type says$/);
});

Deno.test("a body over maxResponseBytes, or one that never ends, is an error", async () => {
  const hostile = await startHostileServer();
  try {
    const small = createRequest({ baseUrl: hostile.url, maxResponseBytes: 1024 * 1024 });
    const oversized = await small("GET /oversized/x").catch((error: unknown) => error);
    assert.ok(oversized instanceof RequestError);
    assert.equal(oversized.status, 200);
    assert.match(oversized.message, /with a body over 1048576 bytes \(option maxResponseBytes\)$/);
    const endless = await small("GET /endless/x").catch((error: unknown) => error);
    assert.ok(endless instanceof RequestError);
    assert.match(endless.message, /body over 1048576 bytes/);
    const quick = createRequest({ baseUrl: hostile.url, timeoutMs: 300 });
    const drip = await quick("GET /drip/x").catch((error: unknown) => error);
    assert.ok(drip instanceof RequestError);
    assert.equal(drip.status, 0);
    assert.match(drip.message, /no complete response within 300 ms \(option timeoutMs\)$/);
    // Each reader gave up: the server saw every connection close.
    await hostile.allClosed();
  } finally {
    await hostile.close();
  }
});

Deno.test("the caller's signal aborts a request with its own reason", async () => {
  await using server = loopbackServer(() => new Promise<Response>(() => {}));
  const controller = new AbortController();
  const pending = createRequest({ baseUrl: server.url })("GET /slow", {
    request: { signal: controller.signal },
  });
  const reason = new Error("the caller gave up");
  controller.abort(reason);
  await assert.rejects(pending, (error) => error === reason);
  await assert.rejects(
    createRequest({ baseUrl: server.url })("GET /slow", {
      request: { signal: AbortSignal.abort() },
    }),
    (error: unknown) => error instanceof DOMException && error.name === "AbortError",
  );
});

Deno.test("fetch defaults to globalThis.fetch as it is when createRequest() is called", async () => {
  const original = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = (input: Request | URL | string) => {
    calls.push(String(input));
    return Promise.resolve(Response.json({ first: true }));
  };
  let request;
  try {
    request = createRequest({ baseUrl: "https://api.example" });
  } finally {
    globalThis.fetch = original;
  }
  // The fetch replaced after the call is not the one used.
  assert.deepEqual((await request("GET /x")).data, { first: true });
  assert.deepEqual(calls, ["https://api.example/x"]);
});

Deno.test("bad options are named in the error", () => {
  assert.throws(
    () => createRequest({ timeoutMs: 0 }),
    new RangeError(
      'Cannot create a request function: option "timeoutMs" must be a number > 0, got 0',
    ),
  );
  assert.throws(() => createRequest({ maxResponseBytes: -1 }), /option "maxResponseBytes"/);
  assert.throws(
    // @ts-expect-error: fetch must be a function
    () => createRequest({ fetch: "https://api.example" }),
    /option "fetch" must be a function, got string/,
  );
  // A relative base would resolve against a page's own address, the caller's bearer sent there.
  assert.throws(
    () => createRequest({ baseUrl: "storage.googleapis.com/storage/v1" }),
    /option "baseUrl" must be an absolute http\(s\) URL, got another string/,
  );
  assert.throws(() => createRequest({ baseUrl: null as never }), /"baseUrl" .* got object/);
  assert.throws(() => createRequest({ headers: null as never }), /"headers" must be an object/);
  // A misspelt option would be ignored: requests would go to no base URL, or wait the default.
  assert.throws(
    () => createRequest({ baseURL: "https://api.example" } as never),
    new TypeError(
      'Cannot create a request function: "baseURL" is not an option: use one of baseUrl, fetch, headers, timeoutMs, maxResponseBytes',
    ),
  );
});

Deno.test("request.endpoint builds as endpoint() with the same defaults", () => {
  const request = createRequest<github>({ baseUrl: "https://ghe.example/api/v3" });
  assert.deepEqual(
    request.endpoint("GET /orgs/{org}/repos", { org: "o", type: "public" }),
    endpoint("GET /orgs/{org}/repos", {
      org: "o",
      type: "public",
      baseUrl: "https://ghe.example/api/v3",
    }),
  );
});

Deno.test("a parameter that makes a dot segment is refused before anything is sent", async () => {
  const sent: string[] = [];
  const request = createRequest({
    baseUrl: "https://storage.example/storage/v1",
    fetch: (input) => {
      sent.push(String(input));
      return Promise.resolve(Response.json({}));
    },
  });
  // fetch would resolve ".." away: the DELETE would reach the bucket, not an object.
  for (const object of ["..", "."]) {
    await assert.rejects(
      request("DELETE /b/{bucket}/o/{object}", { bucket: "bkt", object }),
      new TypeError(
        `Cannot send the request: its path has a "${object}" segment, which the URL parser resolves to another resource (was a parameter such as {object} "." or ".."?)`,
      ),
    );
  }
  await assert.rejects(
    request("GET /b/{bucket}/o/{+object}", { bucket: "bkt", object: "a/%2E%2E/x" }),
    /its path has a "%2E%2E" segment/,
  );
  assert.deepEqual(sent, []);
  // Dots inside a name, or a name of three, are names.
  await request("DELETE /b/{bucket}/o/{object}", { bucket: "bkt", object: "a..b" });
  await request("DELETE /b/{bucket}/o/{object}", { bucket: "bkt", object: "..." });
  assert.deepEqual(sent.map((url) => new URL(url).pathname), [
    "/storage/v1/b/bkt/o/a..b",
    "/storage/v1/b/bkt/o/...",
  ]);
});
