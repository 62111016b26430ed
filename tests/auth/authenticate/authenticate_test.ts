// authenticate() end to end over a fake fetch: calls made, wire shapes, secrets, ordering.
import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { authenticate, type AuthenticateOptions, GoogleApiError } from "../../../auth/mod.ts";
import { type RecordedRequest, routeFetch } from "../../support/fake_fetch.ts";
import { PROVIDER, RUNNER_TOKEN, SA, unsignedJwt } from "../../support/flows.ts";
import { testKey } from "../../support/keys.ts";
import { runRound } from "../../../tools/load_rounds.ts";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const OIDC_TOKEN = unsignedJwt({
  sub: "repo:octo/app:ref:refs/heads/main",
  repository: "octo/app",
  repository_owner: "octo",
  ref: "refs/heads/main",
  workflow: "ci",
  event_name: "push",
  job_workflow_ref: "octo/app/.github/workflows/ci.yml@refs/heads/main",
  aud: "https://iam.googleapis.com/x",
});

function google() {
  return routeFetch({
    "/oidc/token": () => Response.json({ count: 1, value: OIDC_TOKEN }),
    "/v1/token": () => Response.json({ access_token: "federated-token-value", expires_in: 3599 }),
    ":generateAccessToken": () =>
      Response.json({ accessToken: "ya29.sa-access", expireTime: "2030-01-01T01:00:00Z" }),
    ":generateIdToken": () => Response.json({ token: unsignedJwt({ exp: 1893459600 }) }),
    ":signJwt": () => Response.json({ keyId: "k", signedJwt: "signed.by.google-assertion" }),
    "/token": () => Response.json({ access_token: "ya29.dwd-access", expires_in: 3600 }),
  });
}

function wif(extra: Partial<AuthenticateOptions> = {}): AuthenticateOptions {
  return {
    workloadIdentityProvider: PROVIDER,
    oidcRequest: { url: "https://runner.example/oidc/token?api-version=2.0", token: RUNNER_TOKEN },
    now: () => NOW,
    ...extra,
  };
}

function paths(requests: RecordedRequest[]): string[] {
  return requests.map((r) => `${r.method} ${r.url.host}${r.url.pathname}`);
}

Deno.test("authenticate() WIF + service account access token makes OIDC, STS and IAM calls only", async () => {
  const { fetch, requests } = google();
  const events: string[] = [];
  const result = await authenticate(wif({
    serviceAccount: SA,
    tokenFormat: "access_token",
    requestReason: "ticket-42",
    fetch,
    onSecret: () => events.push(`secret after ${requests.length} calls`),
    onCredentialsFile: () => void events.push(`file after ${requests.length} calls`),
    onAuthToken: (token) => events.push(`auth token ${token} after ${requests.length} calls`),
  }));
  assert.deepEqual(paths(requests), [
    "GET runner.example/oidc/token",
    "POST sts.googleapis.com/v1/token",
    `POST iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
  ]);
  assert.deepEqual(events, [
    "secret after 0 calls",
    "secret after 1 calls",
    "file after 1 calls",
    "secret after 2 calls",
    `auth token ${result.authToken} after 2 calls`,
    "secret after 3 calls",
  ]);
  const [oidc, sts, iam] = requests as [RecordedRequest, RecordedRequest, RecordedRequest];
  assert.equal(oidc.url.searchParams.get("audience"), `https://iam.googleapis.com/${PROVIDER}`);
  assert.equal(oidc.url.searchParams.get("api-version"), "2.0");
  assert.equal(oidc.headers.get("authorization"), `Bearer ${RUNNER_TOKEN}`);
  assert.equal(oidc.headers.get("x-goog-request-reason"), null);
  assert.deepEqual(JSON.parse(sts.body), {
    audience: `//iam.googleapis.com/${PROVIDER}`,
    grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
    requestedTokenType: "urn:ietf:params:oauth:token-type:access_token",
    scope: "https://www.googleapis.com/auth/cloud-platform",
    subjectTokenType: "urn:ietf:params:oauth:token-type:jwt",
    subjectToken: OIDC_TOKEN,
  });
  assert.equal(sts.headers.get("authorization"), null);
  assert.equal(iam.headers.get("authorization"), "Bearer federated-token-value");
  assert.deepEqual(JSON.parse(iam.body), {
    scope: ["https://www.googleapis.com/auth/cloud-platform"],
    lifetime: "3600s",
  });
  for (const request of [sts, iam]) {
    assert.equal(request.headers.get("x-goog-request-reason"), "ticket-42");
    assert.match(request.headers.get("user-agent") ?? "", /^gcp-oidc-auth\/\d+\.\d+\.\d+/);
    assert.equal(request.headers.get("accept"), "application/json");
  }
  assert.equal(result.authToken, "federated-token-value");
  assert.equal(result.authTokenExpiresAt?.getTime(), NOW + 3599_000);
  assert.equal(result.accessToken, "ya29.sa-access");
  assert.equal(result.accessTokenExpiresAt?.toISOString(), "2030-01-01T01:00:00.000Z");
  assert.equal(result.projectId, "my-proj");
  assert.equal(result.projectIdSource, "service_account");
  assert.equal(result.serviceAccount, SA);
});

Deno.test("authenticate() writes the external_account file in google-github-actions/auth's key order", async () => {
  const { fetch } = google();
  const result = await authenticate(wif({ serviceAccount: SA, fetch }));
  assert.equal(
    JSON.stringify(result.credentialsFile),
    JSON.stringify({
      type: "external_account",
      audience: `//iam.googleapis.com/${PROVIDER}`,
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
      token_url: "https://sts.googleapis.com/v1/token",
      credential_source: {
        url: `https://runner.example/oidc/token?api-version=2.0&audience=${
          encodeURIComponent(`https://iam.googleapis.com/${PROVIDER}`)
        }`,
        headers: { Authorization: `Bearer ${RUNNER_TOKEN}` },
        format: { type: "json", subject_token_field_name: "value" },
      },
      service_account_impersonation_url:
        `https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
      universe_domain: "googleapis.com",
    }),
  );
});

Deno.test("authenticate() Direct WIF returns the federated token as the access token", async () => {
  const { fetch, requests } = google();
  const notices: string[] = [];
  const result = await authenticate(wif({
    tokenFormat: "access_token",
    fetch,
    log: { debug: () => {}, info: () => {}, notice: (m) => notices.push(m) },
  }));
  assert.equal(requests.length, 2);
  assert.equal(result.accessToken, "federated-token-value");
  assert.equal(result.accessTokenExpiresAt?.getTime(), NOW + 3599_000);
  assert.equal(result.serviceAccount, undefined);
  assert.equal(result.projectId, "123456");
  assert.equal(result.projectIdSource, "provider");
  assert.equal(notices.length, 1);
  assert.match(notices[0]!, /project number 123456/);
  assert.ok(!("service_account_impersonation_url" in result.credentialsFile));
});

Deno.test("authenticate() logs to the caller's logger object itself, which may keep lines in this", async () => {
  const { fetch } = google();
  const log = {
    lines: [] as string[],
    debug(m: string) {
      this.lines.push(m);
    },
    info(m: string) {
      this.lines.push(m);
    },
    notice(m: string) {
      this.lines.push(m);
    },
  };
  await authenticate(wif({ tokenFormat: "access_token", fetch, log }));
  assert.equal(log.lines.filter((m) => /project number 123456/.test(m)).length, 1);
});

Deno.test("authenticate() WIF ID token sends audience, includeEmail and normalised delegates", async () => {
  const { fetch, requests } = google();
  const result = await authenticate(wif({
    serviceAccount: SA,
    tokenFormat: "id_token",
    idTokenAudience: "https://svc.a.run.app",
    idTokenIncludeEmail: true,
    delegates: [
      "d1@p.iam.gserviceaccount.com",
      "projects/-/serviceAccounts/d2@p.iam.gserviceaccount.com",
    ],
    fetch,
  }));
  assert.deepEqual(JSON.parse(requests[2]!.body), {
    delegates: [
      "projects/-/serviceAccounts/d1@p.iam.gserviceaccount.com",
      "projects/-/serviceAccounts/d2@p.iam.gserviceaccount.com",
    ],
    audience: "https://svc.a.run.app",
    includeEmail: true,
  });
  assert.equal(result.idTokenExpiresAt?.getTime(), 1893459600_000);
});

Deno.test("authenticate() WIF domain-wide delegation signs an object payload once via signJwt", async () => {
  const { fetch, requests } = google();
  const result = await authenticate(wif({
    serviceAccount: SA,
    tokenFormat: "access_token",
    accessTokenSubject: "admin@example.com",
    accessTokenScopes: ["https://www.googleapis.com/auth/admin.directory.user"],
    accessTokenLifetimeSeconds: 1800,
    requestReason: "audit",
    fetch,
  }));
  assert.equal(requests.length, 4);
  const sign = requests[2]!;
  assert.match(sign.url.pathname, /:signJwt$/);
  const payload = JSON.parse(JSON.parse(sign.body).payload);
  assert.deepEqual(payload, {
    iss: SA,
    sub: "admin@example.com",
    aud: "https://oauth2.googleapis.com/token",
    scope: "https://www.googleapis.com/auth/admin.directory.user",
    iat: NOW / 1000,
    exp: NOW / 1000 + 1800,
  });
  const token = requests[3]!;
  assert.equal(token.url.href, "https://oauth2.googleapis.com/token");
  assert.equal(token.headers.get("content-type"), "application/x-www-form-urlencoded");
  assert.equal(token.headers.get("x-goog-request-reason"), "audit");
  const form = new URLSearchParams(token.body);
  assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
  assert.equal(form.get("assertion"), "signed.by.google-assertion");
  assert.equal(result.accessToken, "ya29.dwd-access");
});

Deno.test("authenticate() key mode without a token format makes no call", async () => {
  const { key, json, publicKey } = await testKey();
  const { fetch, requests } = google();
  const authTokens: string[] = [];
  const result = await authenticate({
    credentialsJson: btoa(json),
    fetch,
    now: () => Date.now(),
    onAuthToken: (token) => authTokens.push(token),
  });
  assert.equal(requests.length, 0);
  assert.deepEqual(authTokens, [result.authToken]);
  assert.deepEqual(result.credentialsFile, key);
  assert.equal(result.projectIdSource, "credentials");
  const { payload, protectedHeader } = await jwtVerify(result.authToken, publicKey, {
    audience: "https://iamcredentials.googleapis.com/",
    issuer: key.client_email,
    subject: key.client_email,
  });
  assert.deepEqual(protectedHeader, { alg: "RS256", typ: "JWT", kid: key.private_key_id });
  assert.equal(payload.exp! - payload.iat!, 3599);
});

Deno.test("authenticate() key mode access and ID tokens use the self-signed JWT as bearer", async (t) => {
  const { key, json } = await testKey();
  for (const tokenFormat of ["access_token", "id_token"] as const) {
    await t.step(tokenFormat, async () => {
      const { fetch, requests } = google();
      const result = await authenticate({
        credentialsJson: json,
        tokenFormat,
        idTokenAudience: "https://svc.example",
        fetch,
      });
      assert.equal(requests.length, 1);
      assert.equal(requests[0]!.headers.get("authorization"), `Bearer ${result.authToken}`);
      assert.match(requests[0]!.url.pathname, new RegExp(`/serviceAccounts/${key.client_email}:`));
    });
  }
});

Deno.test("authenticate() key mode domain-wide delegation signs locally, payload an object", async () => {
  const { key, json, publicKey } = await testKey();
  const { fetch, requests } = google();
  await authenticate({
    credentialsJson: json,
    tokenFormat: "access_token",
    accessTokenSubject: "user@example.com",
    fetch,
    now: () => NOW,
  });
  assert.deepEqual(paths(requests), ["POST oauth2.googleapis.com/token"]);
  const assertion = new URLSearchParams(requests[0]!.body).get("assertion")!;
  assert.equal(decodeProtectedHeader(assertion).kid, key.private_key_id);
  const claims = decodeJwt(assertion);
  assert.equal(typeof claims, "object");
  assert.deepEqual(claims, {
    iss: key.client_email,
    sub: "user@example.com",
    aud: "https://oauth2.googleapis.com/token",
    scope: "https://www.googleapis.com/auth/cloud-platform",
    iat: NOW / 1000,
    exp: NOW / 1000 + 3600,
  });
  await jwtVerify(assertion, publicKey, { currentDate: new Date(NOW) });
});

Deno.test("authenticate() key mode impersonating another account signs the delegation JWT via IAM", async () => {
  const { json } = await testKey();
  const { fetch, requests } = google();
  await authenticate({
    credentialsJson: json,
    serviceAccount: SA,
    tokenFormat: "access_token",
    accessTokenSubject: "user@example.com",
    fetch,
  });
  assert.deepEqual(paths(requests), [
    `POST iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:signJwt`,
    "POST oauth2.googleapis.com/token",
  ]);
});

Deno.test("authenticate() uses the universe for every endpoint, the OIDC audience and the file", async () => {
  const { fetch, requests } = google();
  const result = await authenticate(wif({
    serviceAccount: SA,
    universe: "example.com",
    tokenFormat: "access_token",
    fetch,
  }));
  assert.deepEqual(paths(requests).slice(1), [
    "POST sts.example.com/v1/token",
    `POST iamcredentials.example.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
  ]);
  assert.equal(
    requests[0]!.url.searchParams.get("audience"),
    `https://iam.example.com/${PROVIDER}`,
  );
  const sts = JSON.parse(requests[1]!.body);
  assert.equal(sts.audience, `//iam.example.com/${PROVIDER}`);
  assert.equal(sts.scope, "https://www.example.com/auth/cloud-platform");
  assert.equal(
    (result.credentialsFile as { universe_domain: string }).universe_domain,
    "example.com",
  );
});

Deno.test("authenticate() rejects lifetimes over the limits before any call", async (t) => {
  const rows: [string, Partial<AuthenticateOptions>][] = [
    ["over 12 h", { accessTokenLifetimeSeconds: 43_201 }],
    ["over 1 h with a subject", {
      serviceAccount: SA,
      accessTokenSubject: "u@example.com",
      accessTokenLifetimeSeconds: 3601,
    }],
    ["zero", { accessTokenLifetimeSeconds: 0 }],
    ["fraction", { accessTokenLifetimeSeconds: 1.5 }],
  ];
  for (const [name, extra] of rows) {
    await t.step(name, async () => {
      const { fetch, requests } = google();
      await assert.rejects(
        authenticate(wif({ tokenFormat: "access_token", fetch, ...extra })),
        {
          name: "CredentialsError",
          code: "ERR_OPTIONS_INVALID",
          option: "accessTokenLifetimeSeconds",
        },
      );
      assert.equal(requests.length, 0);
    });
  }
});

Deno.test("authenticate() puts the GitHub token's claims in the hint when STS rejects it", async () => {
  const { fetch } = routeFetch({
    "/oidc/token": () => Response.json({ value: OIDC_TOKEN }),
    "/v1/token": () =>
      Response.json({
        error: "unauthorized_client",
        error_description: "The given credential is rejected by the attribute condition.",
      }, { status: 400 }),
  });
  const logs: string[] = [];
  const error = await authenticate(wif({
    fetch,
    log: { debug: (m) => logs.push(m), info: (m) => logs.push(m) },
  })).then(() => undefined, (e) => e);
  assert.ok(error instanceof GoogleApiError);
  assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
  assert.equal(error.status, 400);
  assert.equal(error.googleStatus, "unauthorized_client");
  assert.match(
    error.message,
    /^Failed to generate Google Cloud federated token for \/\/iam\.googleapis\.com\/projects\/123456/,
  );
  assert.match(error.message, /rejected by the attribute condition/);
  assert.match(error.hint, /attribute condition/);
  for (
    const claim of [
      'sub="repo:octo/app:ref:refs/heads/main"',
      'repository="octo/app"',
      'repository_owner="octo"',
      'ref="refs/heads/main"',
      'workflow="ci"',
      'event_name="push"',
      "job_workflow_ref=",
    ]
  ) {
    assert.ok(error.hint.includes(claim), claim);
  }
  for (const text of [error.message, error.hint, ...logs]) {
    assert.ok(!text.includes(OIDC_TOKEN));
    assert.ok(!text.includes(RUNNER_TOKEN));
  }
});

Deno.test("authenticate() hands over the auth token even when a later call fails", async () => {
  const authTokens: string[] = [];
  const failing = routeFetch({
    "/oidc/token": () => Response.json({ value: OIDC_TOKEN }),
    "/v1/token": () => Response.json({ access_token: "federated-token-value", expires_in: 60 }),
    ":generateAccessToken": () => Response.json({ error: { code: 403 } }, { status: 403 }),
  });
  await assert.rejects(
    authenticate(wif({
      serviceAccount: SA,
      tokenFormat: "access_token",
      fetch: failing.fetch,
      onAuthToken: (token) => authTokens.push(token),
    })),
    GoogleApiError,
  );
  assert.deepEqual(authTokens, ["federated-token-value"]);
});

Deno.test("authenticate() never passes a secret to the log", async () => {
  const { key, json } = await testKey();
  const secrets: string[] = [];
  const logs: string[] = [];
  const log = {
    debug: (m: string) => logs.push(m),
    info: (m: string) => logs.push(m),
    notice: (m: string) => logs.push(m),
  };
  const failing = routeFetch({
    "/oidc/token": () => Response.json({ value: OIDC_TOKEN }),
    "/v1/token": () => Response.json({ access_token: "federated-token-value", expires_in: 60 }),
    ":generateAccessToken": () => new Response("overloaded", { status: 503 }),
  });
  // A run that fails after its retries: it logs each retry, and the tokens it got stay out.
  await assert.rejects(
    authenticate(
      wif({
        serviceAccount: SA,
        tokenFormat: "access_token",
        fetch: failing.fetch,
        log,
        onSecret: (s) => secrets.push(s),
        sleep: () => Promise.resolve(),
      }),
    ),
    (error) => error instanceof GoogleApiError && error.status === 503,
  );
  assert.deepEqual(secrets, [RUNNER_TOKEN, OIDC_TOKEN, "federated-token-value"]);
  assert.ok(logs.some((line) => /^Retrying .* after HTTP 503/.test(line)), logs.join("\n"));
  await authenticate(
    wif({
      serviceAccount: SA,
      tokenFormat: "id_token",
      idTokenAudience: "a",
      fetch: google().fetch,
      log,
      onSecret: (s) => secrets.push(s),
    }),
  );
  await authenticate({
    credentialsJson: json,
    tokenFormat: "access_token",
    accessTokenSubject: "u@example.com",
    fetch: google().fetch,
    log,
    onSecret: (s) => secrets.push(s),
  });
  // The scan below covers the lines of the other two runs too, against the tokens they made.
  for (const run of [/^Creating ID token /, /^Creating domain-wide delegation /]) {
    assert.ok(logs.some((line) => run.test(line)), `${run} in ${logs.join("\n")}`);
  }
  assert.ok(secrets.includes("ya29.dwd-access"));
  for (const line of logs) {
    for (const secret of [...secrets, key.private_key]) assert.ok(!line.includes(secret), line);
  }
});

// Cross-talk under concurrency: one round of 100 concurrent authenticate() flows against the
// emulator, in process. The full load figures (3 rounds of 1,000 flows, peak RSS and a flat heap
// after GC) are in bench/auth_load_bench.ts: they take a minute of both cores.
Deno.test("authenticate() runs 100 concurrent flows with no cross-talk", async () => {
  const round = await runRound(100);
  assert.deepEqual(round.problems, []);
});
