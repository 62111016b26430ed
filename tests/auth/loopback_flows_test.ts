// authenticate() over real loopback sockets against tests/auth/_loopback_google.ts: flows, request
// reasons, transport faults, and 1,000 concurrent flows without cross-talk.
import assert from "node:assert/strict";
import { authenticate, type AuthenticateOptions, GoogleApiError } from "../../auth/mod.ts";
import { type Loopback, startLoopbackGoogle } from "./_loopback_google.ts";
import { testKey } from "./_keys.ts";

function wif(loop: Loopback, extra: Partial<AuthenticateOptions> = {}): AuthenticateOptions {
  return {
    workloadIdentityProvider: loop.provider,
    oidcRequest: loop.oidcRequest,
    endpoints: loop.endpoints,
    serviceAccount: loop.serviceAccount,
    tokenFormat: "access_token",
    ...extra,
  };
}

Deno.test("authenticate() over sockets: WIF, key and delegation flows carry the request reason on every Google call", async () => {
  const loop = await startLoopbackGoogle();
  try {
    const { key, json, publicKey } = await testKey();
    loop.trustKey(publicKey, key.client_email);
    const reason = "change-1234";
    const wifAccess = await authenticate(wif(loop, { requestReason: reason }));
    assert.match(
      loop.issued.get(wifAccess.accessToken!)!,
      new RegExp(`^fed\\(.*\\)>${loop.serviceAccount}\\|${reason}$`),
    );
    await authenticate(
      wif(loop, { requestReason: reason, tokenFormat: "id_token", idTokenAudience: "https://svc" }),
    );
    await authenticate(
      wif(loop, { requestReason: reason, accessTokenSubject: "admin@example.com" }),
    );
    const direct = await authenticate(
      wif(loop, { requestReason: reason, serviceAccount: undefined }),
    );
    assert.equal(direct.accessToken, direct.authToken);
    const keyDwd = await authenticate({
      credentialsJson: json,
      endpoints: loop.endpoints,
      tokenFormat: "access_token",
      accessTokenSubject: "u@example.com",
      requestReason: reason,
    });
    assert.equal(loop.issued.get(keyDwd.accessToken!), `dwd:${key.client_email}>u@example.com`);
    const keyAccess = await authenticate({
      credentialsJson: json,
      endpoints: loop.endpoints,
      serviceAccount: loop.serviceAccount,
      tokenFormat: "access_token",
      requestReason: reason,
    });
    assert.equal(
      loop.issued.get(keyAccess.accessToken!),
      `key:${key.client_email}>${loop.serviceAccount}|${reason}`,
    );
    const google = loop.requests.filter((r) => r.route !== "oidc");
    assert.equal(google.length, 10);
    for (const request of google) {
      assert.equal(request.headers["x-goog-request-reason"], reason, request.path);
    }
    for (const request of loop.requests.filter((r) => r.route === "oidc")) {
      assert.equal(request.headers["x-goog-request-reason"], undefined);
    }
  } finally {
    await loop.close();
  }
});

Deno.test("authenticate() over sockets recovers from a reset, a truncated body and a slow response", async (t) => {
  const loop = await startLoopbackGoogle();
  try {
    const faults = [
      ["reset", { reset: true, times: 1 }],
      ["truncated", { truncate: true, times: 1 }],
      ["slow", { delayMs: 300, times: 1 }],
      ["503 then Retry-After 0", { status: 503, headers: { "retry-after": "0" }, times: 2 }],
    ] as const;
    for (const route of ["oidc", "sts", "generateAccessToken"] as const) {
      for (const [name, fault] of faults) {
        await t.step(`${route}: ${name}`, async () => {
          loop.injectFault(route, fault);
          const before = loop.requests.filter((r) => r.route === route).length;
          const result = await authenticate(wif(loop, { timeoutMs: 150 }));
          assert.ok(result.accessToken);
          const attempts = loop.requests.filter((r) => r.route === route).length - before;
          assert.equal(attempts, (fault as { times: number }).times + 1);
        });
      }
    }
  } finally {
    await loop.close();
  }
});

Deno.test("authenticate() over sockets fails a persistent 403 once, with Google's status and a role hint", async () => {
  const loop = await startLoopbackGoogle();
  try {
    const before = loop.requests.length;
    const error = await authenticate(
      wif(loop, { serviceAccount: "other@loop-proj.iam.gserviceaccount.com" }),
    ).then(() => undefined, (e) => e);
    assert.ok(error instanceof GoogleApiError);
    assert.equal(error.code, "ERR_IAM_ACCESS_TOKEN_FAILED");
    assert.equal(error.status, 403);
    assert.equal(error.googleStatus, "PERMISSION_DENIED");
    assert.match(error.hint, /roles\/iam\.serviceAccountTokenCreator/);
    assert.equal(loop.requests.length - before, 3);
  } finally {
    await loop.close();
  }
});

Deno.test("authenticate() runs 1,000 concurrent flows against one server with no cross-talk", async () => {
  const loop = await startLoopbackGoogle();
  const flows = 1000;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = Deno.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const sampler = setInterval(sample, 5);
  try {
    const start = performance.now();
    const results = await Promise.all(
      Array.from(
        { length: flows },
        (_, i) =>
          authenticate(
            wif(loop, {
              requestReason: `flow-${i}`,
              timeoutMs: 30_000,
              retry: { budgetMs: 60_000 },
            }),
          ),
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    sample();
    const accessTokens = new Set(results.map((r) => r.accessToken));
    const authTokens = new Set(results.map((r) => r.authToken));
    assert.equal(accessTokens.size, flows);
    assert.equal(authTokens.size, flows);
    results.forEach((result, i) => {
      const meaning = loop.issued.get(result.accessToken!);
      assert.equal(
        meaning,
        `${loop.issued.get(result.authToken)}>${loop.serviceAccount}|flow-${i}`,
      );
    });
    assert.equal(loop.requests.length, flows * 3);
    console.log(
      `${flows} concurrent WIF + service account flows (3 calls each): ${seconds.toFixed(2)} s, ` +
        `${(flows / seconds).toFixed(0)} flows/s, peak rss ${
          (peakRss / 2 ** 20).toFixed(0)
        } MiB, ` +
        `peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    clearInterval(sampler);
    await loop.close();
  }
});
