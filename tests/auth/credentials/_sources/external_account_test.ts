// external_account credentials with a fake fetch: the step's file (OIDC + STS + IAM), Direct
// WIF, file and url sources, text and json formats, headers, lifetime, workforce, and failures
// that leak nothing.
import assert from "node:assert/strict";
import { credentialsFromJson, type CredentialsOptions } from "../../../../auth/mod.ts";
import { fakeFetch, routeFetch } from "../../../support/fake_fetch.ts";
import {
  AUDIENCE,
  GOOGLE,
  jwt,
  SA,
  stepFile,
  T0,
  WORKFORCE,
} from "../../../support/credential_sources.ts";

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
