// impersonated_service_account credentials with a fake fetch: the source's token impersonates
// through the delegates.
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../../../auth/mod.ts";
import { routeFetch } from "../../../support/fake_fetch.ts";
import { GOOGLE, SA, T0 } from "../../../support/credential_sources.ts";

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

function impersonatedFile(scopes: unknown): Record<string, unknown> {
  return {
    type: "impersonated_service_account",
    service_account_impersonation_url:
      `https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${SA}:generateAccessToken`,
    ...(scopes === undefined ? {} : { scopes }),
    source_credentials: {
      type: "authorized_user",
      client_id: "123.apps.googleusercontent.com",
      client_secret: "client-secret-value",
      refresh_token: "1//refresh-token-value",
    },
  };
}

Deno.test("impersonated_service_account: the file's scopes apply when the caller gives none; the caller's win", async (t) => {
  const cases: [string, unknown, readonly string[] | undefined, readonly string[]][] = [
    ["the file's list", ["f1", "f2"], undefined, ["f1", "f2"]],
    ["the file's one scope as a string", "f1", undefined, ["f1"]],
    ["an empty caller list is none", ["f1"], [], ["f1"]],
    ["the caller's scopes win", ["f1"], ["c1"], ["c1"]],
    ["neither: cloud-platform", undefined, undefined, [
      "https://www.googleapis.com/auth/cloud-platform",
    ]],
    ["an empty file list: cloud-platform", [], undefined, [
      "https://www.googleapis.com/auth/cloud-platform",
    ]],
  ];
  for (const [name, fileScopes, callerScopes, sent] of cases) {
    await t.step(name, async () => {
      const { fetch, requests } = routeFetch(GOOGLE);
      const credentials = credentialsFromJson(impersonatedFile(fileScopes), {
        fetch,
        now: () => T0,
        ...(callerScopes === undefined ? {} : { scopes: callerScopes }),
      });
      await credentials.getAccessToken();
      const [refresh, iam] = requests;
      // The source's token stays cloud-platform: only the target's scopes follow the file.
      assert.equal(new URLSearchParams(refresh!.body).get("scope"), null);
      assert.deepEqual(JSON.parse(iam!.body).scope, sent);
    });
  }
});

Deno.test("impersonated_service_account: malformed scopes are refused before any call", () => {
  for (const scopes of [[1], ["has space"], [""], { a: 1 }, 7]) {
    assert.throws(
      () => credentialsFromJson(impersonatedFile(scopes), { fetch: () => assert.fail("no call") }),
      { code: "ERR_CREDENTIALS_FIELD_INVALID", message: /"scopes" is not a list of scopes/ },
      JSON.stringify(scopes),
    );
  }
});
