// What each credential source sends, with a fake fetch: service_account (jwt-bearer, ID tokens
// with target_audience), external_account (url and file sources, text and json, impersonation,
// workforce), impersonated_service_account (delegates), and failures that leak nothing.
import assert from "node:assert/strict";
import { decodeJwt, jwtVerify } from "jose";
import { buildExternalAccountCredentials } from "../../../auth/authenticate/credentials_file.ts";
import { credentialsFromJson, type CredentialsOptions } from "../../../auth/mod.ts";
import { fakeFetch, type RecordedRequest, routeFetch } from "../../support/fake_fetch.ts";
import { testKey } from "../../support/keys.ts";

const T0 = 1_700_000_000_000;
const SA = "ci@my-proj.iam.gserviceaccount.com";
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh";
const WORKFORCE = "//iam.googleapis.com/locations/global/workforcePools/pool/providers/idp";

function jwt(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "RS256" })}.${part(claims)}.sig`;
}

const GOOGLE = {
  "/token": (request: RecordedRequest) =>
    request.url.hostname === "sts.googleapis.com"
      ? Response.json({ access_token: "federated-token", expires_in: 3600 })
      : Response.json({ access_token: "ya29.oauth", expires_in: 3600 }),
  ":generateAccessToken": () =>
    Response.json({ accessToken: "ya29.impersonated", expireTime: "2023-11-15T00:00:00Z" }),
  ":generateIdToken": () => Response.json({ token: jwt({ exp: T0 / 1000 + 3600 }) }),
};

function stepFile(serviceAccount?: string) {
  return buildExternalAccountCredentials({
    audience: AUDIENCE,
    stsEndpoint: "https://sts.googleapis.com/v1",
    oidcTokenUrl: "https://runner.example/idtoken?api-version=2.0&audience=x",
    oidcRequestToken: "runner-request-token",
    ...(serviceAccount === undefined ? {} : { serviceAccount }),
    iamCredentialsEndpoint: "https://iamcredentials.googleapis.com/v1",
    universe: "googleapis.com",
  });
}

Deno.test("service_account: a jwt-bearer assertion signed with the key, at the key's token_uri", async () => {
  const { key, publicKey } = await testKey();
  const { fetch, requests } = routeFetch({
    "/token": (request) =>
      new URLSearchParams(request.body).has("assertion") &&
        decodeJwt(new URLSearchParams(request.body).get("assertion")!).target_audience
        ? Response.json({ id_token: jwt({ exp: T0 / 1000 + 3600 }) })
        : Response.json({ access_token: "ya29.sa", expires_in: 3599 }),
  });
  const tokenUri = "https://oauth2.example.test/token";
  const credentials = credentialsFromJson({ ...key, token_uri: tokenUri }, {
    fetch,
    now: () => T0,
    scopes: ["https://www.googleapis.com/auth/devstorage.read_only", "openid"],
  });
  const token = await credentials.getAccessToken();
  assert.deepEqual(token, { token: "ya29.sa", expiresAt: new Date(T0 + 3_599_000) });
  const [access] = requests;
  assert.equal(`${access!.method} ${access!.url}`, `POST ${tokenUri}`);
  assert.equal(access!.headers.get("content-type"), "application/x-www-form-urlencoded");
  const form = new URLSearchParams(access!.body);
  assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
  const { payload, protectedHeader } = await jwtVerify(form.get("assertion")!, publicKey, {
    currentDate: new Date(T0),
  });
  assert.equal(protectedHeader.kid, key.private_key_id);
  assert.deepEqual(payload, {
    iss: key.client_email,
    aud: tokenUri,
    iat: T0 / 1000,
    exp: T0 / 1000 + 3600,
    scope: "https://www.googleapis.com/auth/devstorage.read_only openid",
  });
  const id = await credentials.getIdToken("https://run.example");
  assert.equal(id.expiresAt.getTime(), T0 + 3_600_000);
  const idClaims = decodeJwt(new URLSearchParams(requests[1]!.body).get("assertion")!);
  assert.equal(idClaims.target_audience, "https://run.example");
  assert.equal(idClaims.scope, undefined);
});

Deno.test("service_account outside googleapis.com: a self-signed JWT with the scopes, no call", async () => {
  const { key, publicKey } = await testKey();
  const { fetch, requests } = routeFetch({});
  const credentials = credentialsFromJson({ ...key, universe_domain: "example.com" }, {
    fetch,
    now: () => T0,
  });
  const { token, expiresAt } = await credentials.getAccessToken();
  const { payload } = await jwtVerify(token, publicKey, { currentDate: new Date(T0) });
  assert.equal(payload.scope, "https://www.googleapis.com/auth/cloud-platform");
  assert.equal(payload.sub, key.client_email);
  assert.equal(expiresAt.getTime(), T0 + 3_600_000);
  assert.equal(requests.length, 0);
});

Deno.test("service_account without private_key_id: the assertion is signed with no kid", async () => {
  const { key, publicKey } = await testKey();
  const { private_key_id: _, ...noId } = key;
  const { fetch, requests } = routeFetch({
    "/token": () => Response.json({ access_token: "ya29.sa", expires_in: 3599 }),
  });
  const credentials = credentialsFromJson(noId, { fetch, now: () => T0 });
  assert.equal((await credentials.getAccessToken()).token, "ya29.sa");
  const assertion = new URLSearchParams(requests[0]!.body).get("assertion")!;
  const { protectedHeader } = await jwtVerify(assertion, publicKey, { currentDate: new Date(T0) });
  assert.deepEqual(protectedHeader, { alg: "RS256", typ: "JWT" });
});

Deno.test("external_account: the step's file makes one OIDC + STS + IAM set for 50 concurrent callers", async () => {
  const { fetch, requests } = routeFetch({
    "/idtoken": () => Response.json({ count: 1, value: "eyJ.github.token" }),
    ...GOOGLE,
  });
  const credentials = credentialsFromJson(JSON.stringify(stepFile(SA)), {
    fetch,
    now: () => T0,
    scopes: ["https://www.googleapis.com/auth/userinfo.email"],
  });
  const tokens = await Promise.all(Array.from({ length: 50 }, () => credentials.getAccessToken()));
  assert.ok(tokens.every((t) => t.token === "ya29.impersonated"));
  assert.deepEqual(requests.map((r) => `${r.method} ${r.url.host}${r.url.pathname}`), [
    "GET runner.example/idtoken",
    "POST sts.googleapis.com/v1/token",
    `POST iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
  ]);
  const [oidc, sts, iam] = requests;
  assert.equal(oidc!.headers.get("authorization"), "Bearer runner-request-token");
  assert.equal(oidc!.url.searchParams.get("audience"), "x");
  assert.deepEqual(JSON.parse(sts!.body), {
    audience: AUDIENCE,
    grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
    requestedTokenType: "urn:ietf:params:oauth:token-type:access_token",
    scope: "https://www.googleapis.com/auth/cloud-platform",
    subjectTokenType: "urn:ietf:params:oauth:token-type:jwt",
    subjectToken: "eyJ.github.token",
  });
  assert.equal(iam!.headers.get("authorization"), "Bearer federated-token");
  assert.deepEqual(JSON.parse(iam!.body), {
    scope: ["https://www.googleapis.com/auth/userinfo.email"],
    lifetime: "3600s",
  });
  assert.equal(credentials.projectId, "my-proj");
});

Deno.test("external_account: ID tokens through generateIdToken; without impersonation a clear error", async () => {
  const { fetch, requests } = routeFetch({
    "/idtoken": () => Response.json({ value: "eyJ.github.token" }),
    ...GOOGLE,
  });
  const credentials = credentialsFromJson(stepFile(SA), { fetch, now: () => T0 });
  const id = await credentials.getIdToken("https://run.example", { includeEmail: true });
  assert.equal(id.expiresAt.getTime(), T0 + 3_600_000);
  assert.deepEqual(JSON.parse(requests[2]!.body), {
    audience: "https://run.example",
    includeEmail: true,
  });
  assert.match(requests[2]!.url.pathname, /:generateIdToken$/);
  await assert.rejects(
    credentialsFromJson(stepFile(), { fetch }).getIdToken("https://run.example"),
    { code: "ERR_CREDENTIALS_UNSUPPORTED", message: /service_account_impersonation_url/ },
  );
});

Deno.test("external_account: a Direct WIF file asks STS for the requested scopes and uses the federated token", async () => {
  const { fetch, requests } = routeFetch({
    "/idtoken": () => Response.json({ value: "eyJ.github.token" }),
    ...GOOGLE,
  });
  const credentials = credentialsFromJson(stepFile(), {
    fetch,
    now: () => T0,
    scopes: ["a", "b"],
  });
  assert.deepEqual(await credentials.getAccessToken(), {
    token: "federated-token",
    expiresAt: new Date(T0 + 3_600_000),
  });
  assert.equal(JSON.parse(requests[1]!.body).scope, "a b");
  assert.equal(requests.length, 2);
});

Deno.test("external_account: an STS rejection gets the generic hint, not the step's GitHub hint", async () => {
  const { fetch } = routeFetch({
    "/token": () =>
      Response.json({
        error: "invalid_grant",
        error_description: "The given credential is rejected by the attribute condition.",
      }, { status: 400 }),
  });
  const file = {
    ...stepFile(),
    credential_source: { file: "/var/run/okta-token" },
  };
  const credentials = credentialsFromJson(file, {
    fetch,
    readFile: () => Promise.resolve(jwt({ sub: "okta-user", iss: "https://okta.example" })),
  });
  await assert.rejects(credentials.getAccessToken(), (error: Error & { hint: string }) => {
    assert.match(error.message, /rejected by the attribute condition/);
    assert.match(error.hint, /attribute condition against the token's claims/);
    assert.doesNotMatch(error.hint, /GitHub|githubusercontent|okta-user/);
    return true;
  });
});

Deno.test("external_account: file and url sources, text and json formats, headers, lifetime, workforce", async (t) => {
  const files: Record<string, string> = {
    "/var/run/token.txt": " eyJ.file.text\n",
    "/var/run/token.json": JSON.stringify({ id_token: "eyJ.file.json" }),
  };
  const cases: [string, Record<string, unknown>, string][] = [
    ["file, text", { file: "/var/run/token.txt" }, "eyJ.file.text"],
    ["file, json", {
      file: "/var/run/token.json",
      format: { type: "json", subject_token_field_name: "id_token" },
    }, "eyJ.file.json"],
    [
      "url, text (default)",
      { url: "https://idp.example/text", headers: { "x-key": "k" } },
      "eyJ.url.text",
    ],
    ["url, json", {
      url: "https://idp.example/json",
      format: { type: "json", subject_token_field_name: "jwt" },
    }, "eyJ.url.json"],
  ];
  for (const [name, source, expected] of cases) {
    await t.step(name, async () => {
      const { fetch, requests } = routeFetch({
        "/text": () => new Response("eyJ.url.text\n"),
        "/json": () => Response.json({ jwt: "eyJ.url.json" }),
        ...GOOGLE,
      });
      const credentials = credentialsFromJson({
        type: "external_account",
        audience: WORKFORCE,
        subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
        token_url: "https://sts.googleapis.com/v1/token",
        credential_source: source,
        workforce_pool_user_project: "user-project",
        service_account_impersonation_url:
          `https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
        service_account_impersonation: { token_lifetime_seconds: 600 },
      }, { fetch, now: () => T0, readFile: (path) => Promise.resolve(files[path]!) });
      await credentials.getAccessToken();
      const sts = requests.find((r) => r.url.hostname === "sts.googleapis.com")!;
      const body = JSON.parse(sts.body);
      assert.equal(body.subjectToken, expected);
      assert.equal(body.subjectTokenType, "urn:ietf:params:oauth:token-type:id_token");
      assert.equal(body.options, JSON.stringify({ userProject: "user-project" }));
      const iam = requests.find((r) => r.url.hostname === "iamcredentials.googleapis.com")!;
      assert.equal(JSON.parse(iam.body).lifetime, "600s");
      if (name === "url, text (default)") assert.equal(requests[0]!.headers.get("x-key"), "k");
    });
  }
});

Deno.test("external_account: a failing subject token source is ERR_SUBJECT_TOKEN_FAILED without the bearer", async () => {
  const options: CredentialsOptions = { retry: { attempts: 1 } };
  const { fetch } = routeFetch({
    "/idtoken": () => new Response("denied for runner-request-token", { status: 403 }),
  });
  await assert.rejects(
    credentialsFromJson(stepFile(SA), { ...options, fetch }).getAccessToken(),
    (error: Error & { code: string }) => {
      assert.equal(error.code, "ERR_SUBJECT_TOKEN_FAILED");
      assert.match(error.message, /HTTP 403/);
      assert.ok(!error.message.includes("runner-request-token"), error.message);
      return true;
    },
  );
  const { fetch: noValue } = routeFetch({ "/idtoken": () => Response.json({ count: 0 }) });
  await assert.rejects(
    credentialsFromJson(stepFile(SA), { ...options, fetch: noValue }).getAccessToken(),
    {
      code: "ERR_TOKEN_RESPONSE_INVALID",
    },
  );
  const missing = credentialsFromJson({
    ...stepFile(SA),
    credential_source: { file: "/nope" },
  }, {
    fetch: noValue,
    readFile: () => Promise.reject(Object.assign(new Error("gone"), { code: "ENOENT" })),
  });
  await assert.rejects(missing.getAccessToken(), {
    code: "ERR_SUBJECT_TOKEN_FAILED",
    message: /from file "\/nope": ENOENT$/,
  });
});

Deno.test("impersonated_service_account: the source's cloud-platform token impersonates through delegates", async () => {
  const { fetch, requests } = routeFetch(GOOGLE);
  const credentials = credentialsFromJson({
    type: "impersonated_service_account",
    service_account_impersonation_url:
      `https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
    delegates: ["middle@my-proj.iam.gserviceaccount.com"],
    quota_project_id: "quota",
    source_credentials: {
      type: "authorized_user",
      client_id: "123.apps.googleusercontent.com",
      client_secret: "client-secret-value",
      refresh_token: "1//refresh-token-value",
    },
  }, { fetch, now: () => T0, scopes: ["s1"] });
  assert.deepEqual(await credentials.getRequestHeaders(), {
    authorization: "Bearer ya29.impersonated",
    "x-goog-user-project": "quota",
  });
  const [refresh, iam] = requests;
  assert.equal(new URLSearchParams(refresh!.body).get("grant_type"), "refresh_token");
  assert.equal(iam!.headers.get("authorization"), "Bearer ya29.oauth");
  assert.deepEqual(JSON.parse(iam!.body), {
    delegates: ["projects/-/serviceAccounts/middle@my-proj.iam.gserviceaccount.com"],
    scope: ["s1"],
    lifetime: "3600s",
  });
  await credentials.getIdToken("https://run.example");
  assert.deepEqual(JSON.parse(requests[3]!.body).delegates, [
    "projects/-/serviceAccounts/middle@my-proj.iam.gserviceaccount.com",
  ]);
});

Deno.test("authorized_user: refresh_token grant fields, and an ID token with target_audience", async () => {
  const { fetch, requests } = routeFetch({
    "/token": (request) =>
      new URLSearchParams(request.body).has("target_audience")
        ? Response.json({ id_token: jwt({ exp: T0 / 1000 + 60 }) })
        : Response.json({ access_token: "ya29.user", expires_in: 3600 }),
  });
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  }, { fetch, now: () => T0, scopes: ["ignored"] });
  await credentials.getAccessToken();
  assert.equal(requests[0]!.url.href, "https://oauth2.googleapis.com/token");
  assert.deepEqual(Object.fromEntries(new URLSearchParams(requests[0]!.body)), {
    grant_type: "refresh_token",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  });
  const id = await credentials.getIdToken("https://run.example");
  assert.equal(id.expiresAt.getTime(), T0 + 60_000);
  assert.equal(
    new URLSearchParams(requests[1]!.body).get("target_audience"),
    "https://run.example",
  );
});

Deno.test("a rejected refresh token is an error with no secret of the file in it", async () => {
  const { fetch } = routeFetch({
    "/token": (request) =>
      Response.json({
        error: "invalid_grant",
        error_description: `Bad token ${new URLSearchParams(request.body).get("refresh_token")}`,
      }, { status: 400 }),
  });
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  }, { fetch });
  await assert.rejects(
    credentials.getAccessToken(),
    (error: Error & { hint: string; googleMessage: string }) => {
      const text = `${error.message} ${error.hint} ${error.googleMessage}`;
      assert.ok(
        !text.includes("refresh-token-value") && !text.includes("client-secret-value"),
        text,
      );
      assert.match(error.message, /invalid_grant/);
      return true;
    },
  );
});

Deno.test("a token endpoint that echoes the form body leaks no secret in any encoding", async (t) => {
  const file = {
    type: "authorized_user",
    client_id: "cid",
    client_secret: "GOCSPX-client/secret+value",
    refresh_token: "1//0gRefresh-token/value",
  };
  const answers: [string, (body: string) => Response][] = [
    ["as text", (body) => new Response(`cannot parse ${body}`, { status: 400 })],
    [
      "in error_description",
      (body) => Response.json({ error: "invalid_grant", error_description: body }, { status: 400 }),
    ],
    [
      "as JSON",
      (body) => Response.json({ error: { message: JSON.stringify({ body }) } }, { status: 400 }),
    ],
  ];
  for (const [name, answer] of answers) {
    await t.step(name, async () => {
      const { fetch } = routeFetch({ "/token": (request) => answer(request.body) });
      await assert.rejects(
        credentialsFromJson(file, { fetch }).getAccessToken(),
        (error: Error) => {
          const text = JSON.stringify({ ...error, message: error.message });
          for (const secret of [file.client_secret, file.refresh_token]) {
            for (
              const form of [secret, encodeURIComponent(secret), secret.replaceAll("/", "\\/")]
            ) {
              assert.ok(!text.includes(form), `${form} in ${text}`);
            }
          }
          return true;
        },
      );
    });
  }
});

Deno.test("external_account: a json url source answering a text token never quotes it", async () => {
  const opaque = "opaque-subject-token-0123456789abcdef";
  const { fetch } = routeFetch({ "/json": () => new Response(opaque) });
  const credentials = credentialsFromJson({
    ...stepFile(SA),
    credential_source: {
      url: "https://idp.example/json",
      format: { type: "json", subject_token_field_name: "jwt" },
    },
  }, { fetch, retry: { attempts: 1 } });
  await assert.rejects(credentials.getAccessToken(), (error: Error & { code: string }) => {
    assert.equal(error.code, "ERR_TOKEN_RESPONSE_INVALID");
    assert.ok(!error.message.includes("opaque-subject"), error.message);
    assert.match(
      error.message,
      /is not JSON \(37 characters, text\/plain;charset=UTF-8, not shown\)$/,
    );
    return true;
  });
});

Deno.test("external_account: a credential_source with both file and url is refused", () => {
  assert.throws(
    () =>
      credentialsFromJson({
        ...stepFile(SA),
        credential_source: { file: "/var/run/token", url: "https://idp.example/token" },
      }),
    (error: Error & { code: string }) => {
      assert.equal(error.code, "ERR_CREDENTIALS_FIELD_INVALID");
      assert.match(error.message, /"file" and "url"/);
      return true;
    },
  );
});

// A URL with userinfo is refused before any call (untrusted_config_test.ts): the query is left.
Deno.test("external_account: the retry log line names origin and path, never userinfo or the query", async () => {
  const { fetch } = fakeFetch((request, i) =>
    i === 0
      ? new Response("busy", { status: 503 })
      : request.url.pathname === "/subject"
      ? new Response("eyJ.url.text")
      : GOOGLE["/token"](request)
  );
  const lines: string[] = [];
  const credentials = credentialsFromJson({
    ...stepFile(),
    credential_source: { url: "http://idp.example/subject?code=KEY" },
  }, {
    fetch,
    sleep: () => Promise.resolve(),
    log: { debug: (line: string) => void lines.push(line), info: () => {} },
  });
  await credentials.getAccessToken();
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.match(lines[0]!, /^Retrying GET http:\/\/idp\.example\/subject in \d+ ms after HTTP 503/);
  assert.ok(!/user|pass|KEY/.test(lines[0]!), lines[0]);
});
