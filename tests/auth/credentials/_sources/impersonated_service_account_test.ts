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
