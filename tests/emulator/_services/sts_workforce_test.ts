// The emulated STS for workforce pools and Google's own clients: a workforce provider's audience,
// the user project (options as google-auth-library and Python google-auth encode them, or the
// authenticated client's project), gcloud's Basic client authentication, the trailing newline of a
// file-sourced token, introspection, and the refresh grant of external_account_authorized_user.
import assert from "node:assert/strict";
import {
  basicAuth,
  GCLOUD_CLIENT,
  githubToken,
  iam,
  oidcAudience,
  stsForm,
  withEmulator,
} from "../../../tools/emulator_calls.ts";
import type { Emulator } from "../../../emulator/mod.ts";

const JWT = "urn:ietf:params:oauth:token-type:jwt";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";

function workforceExchange(emulator: Emulator, subjectToken: string, options?: string) {
  return {
    grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
    audience: `//iam.googleapis.com/${emulator.workforceProvider}`,
    requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
    subject_token_type: ID_TOKEN,
    subject_token: subjectToken,
    scope: "https://www.googleapis.com/auth/cloud-platform",
    ...(options === undefined ? {} : { options }),
  };
}

async function workforceSubject(emulator: Emulator): Promise<string> {
  return await githubToken(emulator, `https://iam.googleapis.com/${emulator.workforceProvider}`);
}

Deno.test("startEmulator() STS exchanges a workforce pool token, with the user project encoded either way", async () => {
  await withEmulator({}, async (emulator) => {
    const subject = await workforceSubject(emulator);
    const pool = emulator.workforceProvider.split("/providers/")[0];
    // google-auth-library: the JSON as it is, form-encoded once.
    const node = await stsForm(
      emulator,
      "token",
      workforceExchange(emulator, subject, JSON.stringify({ userProject: "emulated-project" })),
    );
    assert.equal(node.status, 200, JSON.stringify(node.json));
    const info = emulator.tokenInfo(node.json.access_token)!;
    assert.equal(
      info.principal,
      `principal://iam.googleapis.com/${pool}/subject/repo:octo-org/octo-repo:ref:refs/heads/main`,
    );
    assert.equal(info.userProject, "emulated-project");
    // Python google-auth: percent-encoded JSON (with json.dumps' spaces), encoded again by the form.
    const python = await stsForm(
      emulator,
      "token",
      workforceExchange(
        emulator,
        `${subject}\n`,
        encodeURIComponent('{"userProject": "123456789012"}'),
      ),
    );
    assert.equal(python.status, 200, JSON.stringify(python.json));
    assert.equal(emulator.tokenInfo(python.json.access_token)?.userProject, "123456789012");
    // None at all: a token with no billing project, as Google issues it.
    const none = await stsForm(emulator, "token", workforceExchange(emulator, subject));
    assert.equal(emulator.tokenInfo(none.json.access_token)?.userProject, undefined);
    const other = await stsForm(
      emulator,
      "token",
      workforceExchange(emulator, subject, JSON.stringify({ userProject: "someone-else" })),
    );
    assert.equal(other.status, 400);
    assert.match(other.json.error_description, /someone-else.*serviceusage\.services\.use/);
    for (const options of ["{not json", "%7Bbad", JSON.stringify({ user_project: "x" }), "[]"]) {
      const bad = await stsForm(emulator, "token", workforceExchange(emulator, subject, options));
      assert.equal(bad.status, 400, options);
      assert.match(bad.json.error_description, /Invalid value for "options"/);
    }
    // A workforce token impersonates through the pool's principalSet, as a workload token does.
    const sa = "ci@emulated-project.iam.gserviceaccount.com";
    const pooled = await withBindings(emulator, node.json.access_token, sa);
    assert.equal(pooled, 403);
  });
  const member =
    "principalSet://iam.googleapis.com/locations/global/workforcePools/emulated-workforce/*";
  await withEmulator({
    bindings: [{
      serviceAccount: "ci@emulated-project.iam.gserviceaccount.com",
      role: "roles/iam.serviceAccountTokenCreator",
      members: [member],
    }],
  }, async (emulator) => {
    const answer = await stsForm(
      emulator,
      "token",
      workforceExchange(emulator, await workforceSubject(emulator)),
    );
    assert.equal(
      await withBindings(emulator, answer.json.access_token, emulator.serviceAccount),
      200,
    );
  });
});

async function withBindings(emulator: Emulator, bearer: string, sa: string): Promise<number> {
  return (await iam(emulator, sa, "generateAccessToken", {
    scope: ["https://www.googleapis.com/auth/cloud-platform"],
  }, bearer)).status;
}

Deno.test("startEmulator() STS takes gcloud's Basic client authentication and bills the client's project", async () => {
  await withEmulator({}, async (emulator) => {
    const workload = {
      ...workforceExchange(emulator, `${await githubToken(emulator, oidcAudience(emulator))}\n`),
      audience: `//iam.googleapis.com/${emulator.provider}`,
      subject_token_type: JWT,
    };
    const gcloud = await stsForm(
      emulator,
      "token",
      workload,
      basicAuth(GCLOUD_CLIENT.id, GCLOUD_CLIENT.secret),
    );
    assert.equal(gcloud.status, 200, JSON.stringify(gcloud.json));
    assert.equal(emulator.tokenInfo(gcloud.json.access_token)?.clientId, GCLOUD_CLIENT.id);
    const wrong = await stsForm(emulator, "token", workload, basicAuth(GCLOUD_CLIENT.id, "nope"));
    assert.deepEqual([wrong.status, wrong.json.error], [401, "invalid_client"]);
    const unknown = await stsForm(emulator, "token", workload, basicAuth("1.apps", "x"));
    assert.deepEqual([unknown.status, unknown.json.error], [401, "invalid_client"]);
    // Workforce with client authentication: the client's project, whatever options say.
    const workforce = await stsForm(
      emulator,
      "token",
      workforceExchange(emulator, await workforceSubject(emulator), '{"userProject":"x-y"}'),
      basicAuth(GCLOUD_CLIENT.id, GCLOUD_CLIENT.secret),
    );
    assert.equal(workforce.status, 200, JSON.stringify(workforce.json));
    assert.equal(emulator.tokenInfo(workforce.json.access_token)?.userProject, "32555940559");
  });
});

Deno.test("startEmulator() STS introspects its tokens for an authenticated client, as gcloud asks", async () => {
  await withEmulator({}, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const exchanged = await stsForm(emulator, "token", {
      ...workforceExchange(emulator, subject),
      audience: `//iam.googleapis.com/${emulator.provider}`,
      subject_token_type: JWT,
    }, basicAuth(GCLOUD_CLIENT.id, GCLOUD_CLIENT.secret));
    const token = exchanged.json.access_token;
    const info = emulator.tokenInfo(token)!;
    const ask = (
      form: Record<string, string>,
      headers = basicAuth(GCLOUD_CLIENT.id, GCLOUD_CLIENT.secret),
    ) => stsForm(emulator, "introspect", form, headers);
    const hint = "urn:ietf:params:oauth:token-type:access_token";
    const active = await ask({ token, token_type_hint: hint });
    assert.equal(active.status, 200);
    assert.deepEqual(active.json, {
      active: true,
      client_id: GCLOUD_CLIENT.id,
      exp: Math.floor(info.expiresAt.getTime() / 1000),
      iat: Math.floor(info.issuedAt.getTime() / 1000),
      iss: "https://sts.googleapis.com",
      scope: "https://www.googleapis.com/auth/cloud-platform",
      sub: "repo:octo-org/octo-repo:ref:refs/heads/main",
      username: info.principal,
    });
    assert.deepEqual((await ask({ token: "ya29.unknown", token_type_hint: hint })).json, {
      active: false,
    });
    const anonymous = await ask({ token }, {});
    assert.deepEqual([anonymous.status, anonymous.json.error], [401, "invalid_client"]);
    assert.equal((await ask({})).status, 400);
  });
});

Deno.test("startEmulator() STS refreshes an external_account_authorized_user file at /v1/oauthtoken", async () => {
  await withEmulator({}, async (emulator) => {
    const file = JSON.parse(
      await emulator.externalAccountAuthorizedUser({ subject: "alice@idp.example" }),
    );
    assert.equal(file.type, "external_account_authorized_user");
    assert.equal(file.audience, `//iam.googleapis.com/${emulator.workforceProvider}`);
    assert.equal(file.client_id, GCLOUD_CLIENT.id);
    assert.equal(file.token_url, `${emulator.endpoints.sts}/oauthtoken`);
    assert.equal(file.token_info_url, `${emulator.endpoints.sts}/introspect`);
    const auth = basicAuth(file.client_id, file.client_secret);
    const form = { grant_type: "refresh_token", refresh_token: file.refresh_token };
    const refreshed = await stsForm(emulator, "oauthtoken", form, auth);
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.json));
    assert.deepEqual([refreshed.json.token_type, refreshed.json.expires_in], ["Bearer", 3599]);
    const info = emulator.tokenInfo(refreshed.json.access_token)!;
    assert.equal(
      info.principal,
      "principal://iam.googleapis.com/locations/global/workforcePools/emulated-workforce/subject/alice@idp.example",
    );
    assert.equal(info.userProject, "32555940559");
    const other = JSON.parse(await emulator.authorizedUser());
    const wrongClient = await stsForm(
      emulator,
      "oauthtoken",
      form,
      basicAuth(other.client_id, other.client_secret),
    );
    assert.deepEqual([wrongClient.status, wrongClient.json.error], [400, "invalid_grant"]);
    const noClient = await stsForm(emulator, "oauthtoken", form);
    assert.deepEqual([noClient.status, noClient.json.error], [401, "invalid_client"]);
    const badGrant = await stsForm(
      emulator,
      "oauthtoken",
      { ...form, grant_type: "password" },
      auth,
    );
    assert.equal(badGrant.json.error, "unsupported_grant_type");
    const unknown = await stsForm(emulator, "oauthtoken", { ...form, refresh_token: "1//x" }, auth);
    assert.equal(unknown.json.error, "invalid_grant");
    await assert.rejects(
      emulator.externalAccountAuthorizedUser({ subject: "two words" }),
      TypeError,
    );
  });
});
