// The credentials files the emulator hands out and the OAuth2 grants they use: authorized_user
// and its refresh token grant (client id, secret, token, scopes), target_audience ID tokens for a
// key's assertion, a key whose token_uri is the emulator, impersonated_service_account, and the
// X.509 external_account file.
import assert from "node:assert/strict";
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from "jose";
import type { Emulator } from "../../../emulator/mod.ts";
import { type Answer, iam, jwtBearer, withEmulator } from "../../../tools/emulator_calls.ts";
import { startEmulator } from "../../../emulator/mod.ts";
import { GCLOUD_EXTERNAL_ACCOUNT_FIELDS } from "../../support/gcloud.ts";

async function form(
  emulator: Emulator,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${emulator.endpoints.oauth2}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, json: await response.json() };
}

function refreshFields(file: string): Record<string, string> {
  const { client_id, client_secret, refresh_token } = JSON.parse(file);
  return { grant_type: "refresh_token", client_id, client_secret, refresh_token };
}

async function keyAssertion(emulator: Emulator, claims: Record<string, unknown>) {
  const key = JSON.parse(await emulator.serviceAccountKey());
  const iat = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({
    iss: key.client_email,
    aud: key.token_uri,
    iat,
    exp: iat + 3600,
    ...claims,
  }).setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.private_key_id })
    .sign(await importPKCS8(key.private_key, "RS256"));
  return { key, assertion };
}

Deno.test("startEmulator() authorizedUser() refreshes at the emulator's token endpoint", async () => {
  await withEmulator({ user: "dev@example.com" }, async (emulator) => {
    const file = await emulator.authorizedUser({ quotaProjectId: "billing-project" });
    const json = JSON.parse(file);
    assert.equal(json.type, "authorized_user");
    assert.equal(json.token_uri, `${emulator.endpoints.oauth2}/token`);
    assert.equal(json.quota_project_id, "billing-project");
    assert.notEqual(JSON.parse(await emulator.authorizedUser()).refresh_token, json.refresh_token);
    const { status, json: answer } = await form(emulator, refreshFields(file));
    assert.equal(status, 200, JSON.stringify(answer));
    assert.equal(answer.token_type, "Bearer");
    assert.equal(answer.expires_in, 3599);
    assert.equal(
      answer.scope,
      "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/cloud-platform",
    );
    const info = emulator.tokenInfo(answer.access_token)!;
    assert.deepEqual([info.kind, info.principal], ["user", "dev@example.com"]);
    const { payload } = await jwtVerify(
      answer.id_token,
      createRemoteJWKSet(new URL(emulator.googleCertsUrl)),
      { issuer: "https://accounts.google.com", audience: json.client_id },
    );
    assert.equal(payload.email, "dev@example.com");

    // HTTP Basic client authentication, and a scope narrowed to one granted.
    const { client_id, client_secret, refresh_token } = json;
    const basic = await form(
      emulator,
      {
        grant_type: "refresh_token",
        refresh_token,
        scope: "https://www.googleapis.com/auth/cloud-platform",
      },
      { authorization: `Basic ${btoa(`${client_id}:${client_secret}`)}` },
    );
    assert.equal(basic.status, 200);
    assert.equal(basic.json.id_token, undefined, "no openid asked, no ID token");
    assert.deepEqual(emulator.tokenInfo(basic.json.access_token)?.scopes, [
      "https://www.googleapis.com/auth/cloud-platform",
    ]);
  });
});

Deno.test("startEmulator() refresh token grant rejects what Google rejects", async (t) => {
  await withEmulator({}, async (emulator) => {
    const good = refreshFields(await emulator.authorizedUser({ scopes: ["email"] }));
    const cases: [string, Record<string, string>, number, string, RegExp][] = [
      ["no client", { ...good, client_id: "" }, 400, "invalid_request", /client ID/],
      [
        "unknown client",
        { ...good, client_id: "x.apps.googleusercontent.com" },
        401,
        "invalid_client",
        /not found/,
      ],
      [
        "wrong secret",
        { ...good, client_secret: "GOCSPX-wrong" },
        401,
        "invalid_client",
        /Unauthorized/,
      ],
      ["no refresh token", { ...good, refresh_token: "" }, 400, "invalid_request", /refresh_token/],
      [
        "unknown refresh token",
        { ...good, refresh_token: "1//forged" },
        400,
        "invalid_grant",
        /Bad Request/,
      ],
      ["scope not granted", { ...good, scope: "openid" }, 400, "invalid_scope", /openid/],
    ];
    for (const [name, fields, status, error, description] of cases) {
      await t.step(name, async () => {
        const answer = await form(emulator, fields);
        assert.equal(answer.status, status);
        assert.equal(answer.json.error, error);
        assert.match(answer.json.error_description, description);
      });
    }
    await t.step("bad options", async () => {
      await assert.rejects(() => emulator.authorizedUser({ scopes: [] }), TypeError);
    });
  });
});

Deno.test("startEmulator() OAuth2 answers an ID token for a key's target_audience assertion", async () => {
  await withEmulator({}, async (emulator) => {
    const { key, assertion } = await keyAssertion(emulator, {
      target_audience: "https://run.example",
    });
    assert.equal(key.token_uri, `${emulator.endpoints.oauth2}/token`);
    const answer = await jwtBearer(emulator, assertion);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.deepEqual(Object.keys(answer.json), ["id_token"]);
    const { payload } = await jwtVerify(
      answer.json.id_token,
      createRemoteJWKSet(new URL(emulator.googleCertsUrl)),
      { issuer: "https://accounts.google.com", audience: "https://run.example" },
    );
    assert.equal(payload.email, emulator.serviceAccount);
    assert.equal(emulator.tokenInfo(answer.json.id_token), undefined);
    const empty = await jwtBearer(emulator, (await keyAssertion(emulator, {})).assertion);
    assert.equal(empty.json.error, "invalid_scope", "neither scope nor target_audience");
  });
});

Deno.test("startEmulator() impersonatedServiceAccount() chains the user through delegates", async () => {
  const [first, second] = [
    "ci@emulated-project.iam.gserviceaccount.com",
    "deploy@emulated-project.iam.gserviceaccount.com",
  ];
  const role = "roles/iam.serviceAccountTokenCreator";
  await withEmulator({
    serviceAccounts: [first, second],
    bindings: [
      { serviceAccount: first, role, members: ["user:developer@example.com"] },
      { serviceAccount: second, role, members: [`serviceAccount:${first}`] },
    ],
  }, async (emulator) => {
    const file = JSON.parse(
      await emulator.impersonatedServiceAccount({ serviceAccount: second, delegates: [first] }),
    );
    assert.equal(file.type, "impersonated_service_account");
    assert.equal(
      file.service_account_impersonation_url,
      `${emulator.endpoints.iamcredentials}/projects/-/serviceAccounts/${second}:generateAccessToken`,
    );
    assert.deepEqual(file.delegates, [`projects/-/serviceAccounts/${first}`]);
    assert.equal(file.source_credentials.type, "authorized_user");
    const source = await form(emulator, refreshFields(JSON.stringify(file.source_credentials)));
    const scope = ["https://www.googleapis.com/auth/cloud-platform"];
    const { status, json } = await iam(
      emulator,
      second,
      "generateAccessToken",
      { scope, delegates: file.delegates },
      source.json.access_token,
    );
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(emulator.tokenInfo(json.accessToken)?.principal, second);

    const keyed = JSON.parse(
      await emulator.impersonatedServiceAccount({
        sourceCredentials: await emulator.serviceAccountKey(),
      }),
    );
    assert.equal(keyed.source_credentials.type, "service_account");
    await assert.rejects(
      () => emulator.impersonatedServiceAccount({ delegates: ["ghost@p.iam.gserviceaccount.com"] }),
      /"ghost@p\.iam\.gserviceaccount\.com" does not exist/,
    );
    await assert.rejects(
      () => emulator.impersonatedServiceAccount({ sourceCredentials: "{" }),
      /not JSON/,
    );
  });
});

Deno.test("the X.509 file is gcloud's shape, its URLs at the mutual TLS listener", async () => {
  await using emulator = await startEmulator();
  const file = JSON.parse(emulator.x509.credentialsFile({ trustChainPath: "/certs/chain.pem" }));
  assert.deepEqual(Object.keys(file), GCLOUD_EXTERNAL_ACCOUNT_FIELDS);
  assert.equal(file.audience, `//iam.googleapis.com/${emulator.x509.provider}`);
  assert.equal(file.token_url, `${emulator.x509.url}/sts/v1/token`);
  assert.deepEqual(file.credential_source, {
    certificate: { use_default_certificate_config: true, trust_chain_path: "/certs/chain.pem" },
  });
  const named = JSON.parse(emulator.x509.credentialsFile({
    certificateConfigLocation: "/certs/config.json",
    serviceAccount: emulator.serviceAccount,
  }));
  assert.deepEqual(named.credential_source, {
    certificate: { certificate_config_location: "/certs/config.json" },
  });
  assert.match(
    named.service_account_impersonation_url,
    /^https:\/\/127\.0\.0\.1:\d+\/iamcredentials\//,
  );
  assert.throws(
    () => emulator.x509.credentialsFile({ serviceAccount: "nobody@p.iam.gserviceaccount.com" }),
    {
      name: "TypeError",
      message: /X.509 credentials.*"nobody@p.iam.gserviceaccount.com" does not exist/,
    },
  );
});
