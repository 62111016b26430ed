// credentialsFromApiKey(): the key as x-goog-api-key on requests, no token, a named error for a
// key that could not be a header, and the key in no error.
import assert from "node:assert/strict";
import { credentialsFromApiKey, toAuthClient } from "../../../auth/mod.ts";
import { fakeFetch } from "../../support/fake_fetch.ts";
import { loopbackServer } from "../../support/loopback.ts";

const KEY = "AIzaSyD-example-key_0123456789";

Deno.test("credentialsFromApiKey(): headers and fetch carry x-goog-api-key, nothing else", async () => {
  const { fetch, requests } = fakeFetch(() => new Response("ok"));
  const credentials = credentialsFromApiKey(KEY, { fetch });
  assert.equal(credentials.type, "api_key");
  assert.equal(credentials.universeDomain, "googleapis.com");
  assert.deepEqual(await credentials.getRequestHeaders(), { "x-goog-api-key": KEY });
  const response = await credentials.fetch("https://generativelanguage.googleapis.com/v1/models", {
    headers: { authorization: "Bearer other", accept: "application/json" },
  });
  assert.equal(await response.text(), "ok");
  assert.equal(requests.length, 1);
  assert.equal(requests[0]!.headers.get("x-goog-api-key"), KEY);
  assert.equal(requests[0]!.headers.get("accept"), "application/json");
  const client = toAuthClient(credentials);
  assert.equal((await client.getRequestHeaders()).get("x-goog-api-key"), KEY);
});

Deno.test("credentialsFromApiKey(): tokens and signing are named errors that hold no key", async () => {
  const credentials = credentialsFromApiKey(KEY);
  for (const call of [credentials.getAccessToken(), credentials.getIdToken("https://x")]) {
    const error = await call.then(() => undefined, (e) => e);
    assert.equal(error?.code, "ERR_API_KEY_NO_TOKEN");
    assert.match(error.hint, /getRequestHeaders\(\)/);
    assert.doesNotMatch(error.message, new RegExp(KEY));
  }
  await assert.rejects(credentials.sign("x"), { code: "ERR_SIGN_NO_SERVICE_ACCOUNT" });
  await assert.rejects(credentials.getServiceAccountEmail(), {
    code: "ERR_SIGN_NO_SERVICE_ACCOUNT",
  });
});

Deno.test("credentialsFromApiKey(): a key that is not one printable word is ERR_API_KEY_INVALID", () => {
  for (const bad of ["", " ", "AIza key", "AIzaSy\nX-Injected: 1", "AIzaSyé", 42, undefined]) {
    assert.throws(
      () => credentialsFromApiKey(bad as string),
      (error: Error & { code?: string }) =>
        error.code === "ERR_API_KEY_INVALID" &&
        (typeof bad !== "string" || bad.trim() === "" || !error.message.includes(bad)),
    );
  }
});

Deno.test("credentialsFromApiKey(): the key follows redirects within its origin only", async () => {
  await using server = loopbackServer((request, url, body) => {
    const to = (location: string, status = 302) =>
      new Response(null, { status, headers: { location } });
    switch (url.pathname) {
      // Another origin: the same server as localhost.
      case "/cross":
        return to(`http://localhost:${url.port}/landing`);
      case "/same":
        return to("/landing");
      case "/post307":
        return to("/landing", 307);
      case "/post303":
        return to("/landing", 303);
      case "/file":
        return to("file:///etc/hostname");
      case "/loop":
        return to("/loop");
      default:
        return new Response(`${request.method} ${body}`);
    }
  });
  const credentials = credentialsFromApiKey(KEY);
  const seen = (i: number, header: string) => server.seen[i]!.headers[header];

  // Another origin gets neither the key nor the caller's authorization, as fetch drops it.
  const cross = await credentials.fetch(`${server.url}/cross`, {
    headers: { authorization: "Bearer caller", accept: "text/plain" },
  });
  assert.equal(await cross.text(), "GET ");
  assert.equal(new URL(server.seen[1]!.url).hostname, "localhost");
  assert.deepEqual([seen(0, "x-goog-api-key"), seen(1, "x-goog-api-key")], [KEY, undefined]);
  assert.deepEqual([seen(1, "authorization"), seen(1, "accept")], [undefined, "text/plain"]);

  assert.equal(await (await credentials.fetch(`${server.url}/same`)).text(), "GET ");
  assert.deepEqual([seen(2, "x-goog-api-key"), seen(3, "x-goog-api-key")], [KEY, KEY]);

  // 303 goes on as a GET without a body; a 307 that would send the body again comes back.
  const post = { method: "POST", body: "payload", headers: { "content-type": "text/plain" } };
  assert.equal(await (await credentials.fetch(`${server.url}/post303`, post)).text(), "GET ");
  assert.equal(seen(5, "content-type"), undefined);
  const kept = await credentials.fetch(`${server.url}/post307`, post);
  assert.deepEqual([kept.status, kept.headers.get("location")], [307, "/landing"]);
  assert.equal(server.seen.length, 7);

  // As fetch: no redirect to another scheme, none past 20.
  await assert.rejects(credentials.fetch(`${server.url}/file`), {
    name: "TypeError",
    message: "Cannot follow a redirect to a file: URL",
  });
  await assert.rejects(credentials.fetch(`${server.url}/loop`), {
    name: "TypeError",
    message: "Cannot follow more than 20 redirects",
  });
  assert.equal(server.seen.length, 8 + 21);

  // A redirect the caller keeps for itself is not followed.
  const manual = await credentials.fetch(`${server.url}/cross`, { redirect: "manual" });
  assert.equal(manual.status, 302);
  assert.equal(server.seen.length, 8 + 21 + 1);
});
