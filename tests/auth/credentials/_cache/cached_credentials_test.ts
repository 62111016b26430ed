// The token cache of Credentials on a fake clock: single flight, the eager-refresh threshold,
// failed refreshes that do not poison the cache, ID tokens per audience, the authorized fetch.
import assert from "node:assert/strict";
import { credentialsFromJson, type CredentialsOptions } from "../../../../auth/mod.ts";
import { fakeFetch, type RecordedRequest } from "../../../support/fake_fetch.ts";

const USER = {
  type: "authorized_user",
  client_id: "123.apps.googleusercontent.com",
  client_secret: "client-secret-value",
  refresh_token: "1//refresh-token-value",
};

/** An unsigned JWT with `aud` and `exp` (seconds), as the fake token endpoint's ID tokens. */
function idToken(aud: string, exp: number, n: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "RS256" })}.${part({ aud, exp, n })}.sig`;
}

/** A token endpoint on a fake clock: access tokens live `lifetime` s; ID tokens too. */
function setup(options: { lifetime?: number; fail?: (index: number) => boolean } = {}) {
  const clock = { ms: 1_000_000 };
  const lifetime = options.lifetime ?? 3600;
  let issued = 0;
  const { fetch, requests } = fakeFetch((request: RecordedRequest, index) => {
    if (options.fail?.(index)) {
      return Response.json({ error: "invalid_grant", error_description: "Bad" }, { status: 400 });
    }
    issued++;
    const form = new URLSearchParams(request.body);
    const audience = form.get("target_audience");
    if (audience !== null) {
      return Response.json({
        id_token: idToken(audience, Math.floor(clock.ms / 1000) + lifetime, issued),
      });
    }
    return Response.json({ access_token: `ya29.t${issued}`, expires_in: lifetime });
  });
  const make = (extra: CredentialsOptions = {}) =>
    credentialsFromJson(USER, { fetch, now: () => clock.ms, ...extra });
  return { clock, requests, make };
}

Deno.test("50 concurrent getAccessToken() calls make one request and get the same token", async () => {
  const { requests, make } = setup();
  const credentials = make();
  const tokens = await Promise.all(Array.from({ length: 50 }, () => credentials.getAccessToken()));
  assert.equal(requests.length, 1);
  assert.deepEqual(new Set(tokens.map((t) => t.token)), new Set(["ya29.t1"]));
});

Deno.test("a token is refreshed at eagerRefreshSeconds before expiry and not before", async (t) => {
  for (const eager of [undefined, 60, 0]) {
    await t.step(`eagerRefreshSeconds ${eager ?? "default (300)"}`, async () => {
      const { clock, requests, make } = setup();
      const credentials = make(eager === undefined ? {} : { eagerRefreshSeconds: eager });
      const first = await credentials.getAccessToken();
      assert.equal(first.expiresAt.getTime(), clock.ms + 3_600_000);
      const threshold = first.expiresAt.getTime() - (eager ?? 300) * 1000;
      clock.ms = threshold - 1;
      assert.equal((await credentials.getAccessToken()).token, "ya29.t1");
      assert.equal(requests.length, 1);
      clock.ms = threshold;
      assert.equal((await credentials.getAccessToken()).token, "ya29.t2");
      assert.equal(requests.length, 2);
    });
  }
});

Deno.test("a token that arrives inside the refresh window is reused for half its remaining life", async () => {
  const { clock, requests, make } = setup({ lifetime: 240 });
  const credentials = make(); // 300 s window, 240 s tokens
  await credentials.getAccessToken();
  clock.ms += 119_999;
  assert.equal((await credentials.getAccessToken()).token, "ya29.t1");
  clock.ms += 1;
  assert.equal((await credentials.getAccessToken()).token, "ya29.t2");
  assert.equal(requests.length, 2);
});

Deno.test("a failed refresh rejects every waiting caller and the next call refreshes again", async () => {
  const { clock, requests, make } = setup({ fail: (index) => index === 1 });
  const credentials = make({ retry: { attempts: 1 } });
  await credentials.getAccessToken();
  clock.ms += 3_600_000;
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () => credentials.getAccessToken()),
  );
  assert.equal(requests.length, 2);
  for (const result of results) {
    assert.equal(result.status, "rejected");
    assert.equal((result as PromiseRejectedResult).reason.code, "ERR_OAUTH2_TOKEN_FAILED");
    assert.match((result as PromiseRejectedResult).reason.hint, /application-default login/);
  }
  assert.equal((await credentials.getAccessToken()).token, "ya29.t2");
  assert.equal(requests.length, 3);
});

Deno.test("ID tokens are cached per audience and an expired one is refreshed for its audience only", async () => {
  const { clock, requests, make } = setup({ lifetime: 3600 });
  const credentials = make();
  const [a1, b1, a1again] = await Promise.all([
    credentials.getIdToken("https://a.example"),
    credentials.getIdToken("https://b.example"),
    credentials.getIdToken("https://a.example"),
  ]);
  assert.equal(a1.token, a1again.token);
  assert.notEqual(a1.token, b1.token);
  assert.equal(requests.length, 2);
  assert.equal(a1.expiresAt.getTime(), Math.floor(1_000_000 / 1000) * 1000 + 3_600_000);
  // Past the expiry of both: only the audience asked for is refreshed.
  clock.ms = a1.expiresAt.getTime() + 1;
  const a2 = await credentials.getIdToken("https://a.example");
  assert.notEqual(a2.token, a1.token);
  assert.equal(requests.length, 3);
  assert.equal(new URLSearchParams(requests[2]!.body).get("target_audience"), "https://a.example");
  // includeEmail is part of the cache key.
  await credentials.getIdToken("https://a.example", { includeEmail: true });
  assert.equal(requests.length, 4);
  await assert.rejects(credentials.getIdToken(""), {
    name: "CredentialsError",
    code: "ERR_OPTIONS_INVALID",
    option: "audience",
  });
});

Deno.test("ID tokens are cached for the 100 most recently added audiences", async () => {
  const { requests, make } = setup();
  const credentials = make();
  for (let i = 0; i <= 100; i++) await credentials.getIdToken(`https://a${i}.example`);
  await credentials.getIdToken("https://a100.example");
  assert.equal(requests.length, 101);
  await credentials.getIdToken("https://a0.example");
  assert.equal(requests.length, 102);
});

Deno.test("ID tokens and access tokens have separate caches", async () => {
  const { requests, make } = setup();
  const credentials = make();
  await credentials.getAccessToken();
  await credentials.getIdToken("https://a.example");
  await credentials.getAccessToken();
  await credentials.getIdToken("https://a.example");
  assert.equal(requests.length, 2);
});

Deno.test("fetch() sends the bearer, refreshes on a 401 and retries once with the same body", async () => {
  const clock = { ms: 0 };
  let issued = 0;
  const api: { auth: string | null; body: string }[] = [];
  const { fetch } = fakeFetch((request) => {
    if (request.url.hostname === "oauth2.googleapis.com") {
      issued++;
      return Response.json({ access_token: `ya29.t${issued}`, expires_in: 3600 });
    }
    api.push({ auth: request.headers.get("authorization"), body: request.body });
    const status = api.length === 1 ? 401 : 200;
    return new Response(status === 401 ? "expired" : "ok", { status });
  });
  const credentials = credentialsFromJson({ ...USER, quota_project_id: "quota" }, {
    fetch,
    now: () => clock.ms,
  });
  const response = await credentials.fetch("https://storage.googleapis.com/upload", {
    method: "POST",
    body: "payload",
  });
  assert.equal(await response.text(), "ok");
  assert.deepEqual(api, [
    { auth: "Bearer ya29.t1", body: "payload" },
    { auth: "Bearer ya29.t2", body: "payload" },
  ]);
  assert.equal(issued, 2);
  // A second 401 is returned, not retried again.
  const { fetch: always401 } = fakeFetch((request) =>
    request.url.hostname === "oauth2.googleapis.com"
      ? Response.json({ access_token: "ya29.x", expires_in: 3600 })
      : new Response("no", { status: 401 })
  );
  const denied = await credentialsFromJson(USER, { fetch: always401 }).fetch("https://x.example/");
  assert.equal(denied.status, 401);
});

Deno.test("fetch() sends a stream body once, keeps no copy and returns a 401 as is", async (t) => {
  const inputs: [string, (body: ReadableStream<Uint8Array>) => [Request | string, RequestInit?]][] =
    [
      [
        "init body",
        (body) => ["https://x.example/up", { method: "POST", body, duplex: "half" } as RequestInit],
      ],
      ["Request input", (body) => [
        new Request(
          "https://x.example/up",
          { method: "POST", body, duplex: "half" } as RequestInit,
        ),
      ]],
    ];
  for (const [name, build] of inputs) {
    await t.step(name, async () => {
      let pulls = 0;
      const chunks = ["a", "b", "c"];
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls++;
          const chunk = chunks.shift();
          if (chunk === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(chunk));
        },
      }, { highWaterMark: 0 });
      let issued = 0;
      const api: string[] = [];
      const { fetch } = fakeFetch((request) => {
        if (request.url.hostname === "oauth2.googleapis.com") {
          issued++;
          return Response.json({ access_token: `ya29.t${issued}`, expires_in: 3600 });
        }
        api.push(request.body);
        return new Response("expired", { status: 401 });
      });
      const [input, init] = build(body);
      const response = await credentialsFromJson(USER, { fetch }).fetch(input, init);
      assert.equal(response.status, 401);
      assert.equal(await response.text(), "expired", "the 401 body is handed back unread");
      assert.deepEqual(api, ["abc"]);
      assert.equal(issued, 1, "no fresh token: the 401 is not retried");
      assert.equal(pulls, 4, "three chunks and the end, each pulled once");
    });
  }
});

Deno.test("getRequestHeaders() has x-goog-user-project only with a quota project", async () => {
  const { make } = setup();
  assert.deepEqual(await make().getRequestHeaders(), { authorization: "Bearer ya29.t1" });
});

Deno.test("eagerRefreshSeconds must be a number >= 0", () => {
  assert.throws(() => credentialsFromJson(USER, { eagerRefreshSeconds: -1 }), {
    name: "CredentialsError",
    code: "ERR_OPTIONS_INVALID",
    option: "eagerRefreshSeconds",
  });
});
