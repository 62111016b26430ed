// credentialsFromApiKey(): the key as x-goog-api-key on requests, no token, a named error for a
// key that could not be a header, and the key in no error.
import assert from "node:assert/strict";
import { credentialsFromApiKey, toAuthClient } from "../../../auth/mod.ts";
import { fakeFetch } from "../../support/fake_fetch.ts";

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
