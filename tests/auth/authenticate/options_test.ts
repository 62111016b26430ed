import assert from "node:assert/strict";
import { type AuthenticateOptions, CredentialsError } from "../../../auth/mod.ts";
import { validateAuthenticateOptions } from "../../../auth/authenticate/options.ts";
import { testKey } from "../../support/keys.ts";

const PROVIDER = "projects/42/locations/global/workloadIdentityPools/pool/providers/prov";
const OIDC = { url: "https://runner.example/token", token: "t" };

function rejects(
  options: AuthenticateOptions,
  code: string,
  option: string,
  message: RegExp,
): void {
  assert.throws(() => validateAuthenticateOptions(options), (error) => {
    assert.ok(error instanceof CredentialsError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.option, option);
    assert.match(error.message, message);
    assert.ok(error.hint.length > 10);
    return true;
  });
}

Deno.test("validateAuthenticateOptions() requires exactly one credential source", async (t) => {
  const { json } = await testKey();
  await t.step(
    "neither",
    () => rejects({}, "ERR_OPTIONS_CREDENTIAL_SOURCE", "workloadIdentityProvider", /got neither/),
  );
  await t.step(
    "blank counts as absent",
    () =>
      rejects(
        { workloadIdentityProvider: " ", credentialsJson: "" },
        "ERR_OPTIONS_CREDENTIAL_SOURCE",
        "workloadIdentityProvider",
        /got neither/,
      ),
  );
  await t.step(
    "both",
    () =>
      rejects(
        { workloadIdentityProvider: PROVIDER, credentialsJson: json, oidcRequest: OIDC },
        "ERR_OPTIONS_CREDENTIAL_SOURCE",
        "workloadIdentityProvider",
        /got both/,
      ),
  );
});

Deno.test("validateAuthenticateOptions() rejects what cannot work, naming the option", async (t) => {
  const wif = { workloadIdentityProvider: PROVIDER, oidcRequest: OIDC };
  await t.step(
    "unknown token format",
    () =>
      rejects(
        { ...wif, tokenFormat: "jwt" as "id_token" },
        "ERR_OPTIONS_INVALID",
        "tokenFormat",
        /"jwt"/,
      ),
  );
  await t.step(
    "id_token without audience",
    () =>
      rejects(
        { ...wif, serviceAccount: "a@b.iam.gserviceaccount.com", tokenFormat: "id_token" },
        "ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED",
        "idTokenAudience",
        /idTokenAudience is required/,
      ),
  );
  await t.step(
    "Direct WIF id_token",
    () =>
      rejects(
        { ...wif, tokenFormat: "id_token", idTokenAudience: "x" },
        "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED",
        "serviceAccount",
        /Direct Workload Identity Federation/,
      ),
  );
  await t.step(
    "Direct WIF delegation",
    () =>
      rejects(
        { ...wif, tokenFormat: "access_token", accessTokenSubject: "u@example.com" },
        "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED",
        "serviceAccount",
        /domain-wide delegation/,
      ),
  );
  await t.step(
    "no OIDC environment",
    () =>
      rejects(
        { workloadIdentityProvider: PROVIDER },
        "ERR_OIDC_UNAVAILABLE",
        "oidcRequest",
        /ACTIONS_ID_TOKEN_REQUEST_URL/,
      ),
  );
  await t.step(
    "empty OIDC token",
    () =>
      rejects(
        { workloadIdentityProvider: PROVIDER, oidcRequest: { url: OIDC.url, token: "" } },
        "ERR_OIDC_UNAVAILABLE",
        "oidcRequest",
        /did not inject/,
      ),
  );
  await t.step(
    "service account with a path",
    () =>
      rejects(
        { ...wif, serviceAccount: "a@b/../x" },
        "ERR_OPTIONS_INVALID",
        "serviceAccount",
        /not a service account email/,
      ),
  );
  await t.step(
    "bad delegate",
    () =>
      rejects(
        { ...wif, delegates: ["not an email"] },
        "ERR_OPTIONS_INVALID",
        "delegates",
        /not a service account email/,
      ),
  );
  await t.step(
    "header injection in the reason",
    () =>
      rejects(
        { ...wif, requestReason: "a\r\nx-evil: 1" },
        "ERR_OPTIONS_INVALID",
        "requestReason",
        /printable ASCII/,
      ),
  );
  await t.step(
    "bad universe",
    () =>
      rejects({ ...wif, universe: "https://x" }, "ERR_OPTIONS_INVALID", "universe", /domain name/),
  );
  await t.step(
    "bad endpoint override",
    () =>
      rejects(
        { ...wif, endpoints: { sts: "ftp://x" } },
        "ERR_OPTIONS_INVALID",
        "endpoints",
        /"sts"/,
      ),
  );
  await t.step(
    "bad provider",
    () =>
      rejects(
        { ...wif, workloadIdentityProvider: "projects/p/x" },
        "ERR_PROVIDER_INVALID",
        "workloadIdentityProvider",
        /project id/,
      ),
  );
  await t.step(
    "bad key",
    () =>
      rejects(
        { credentialsJson: "{nope" },
        "ERR_KEY_MALFORMED",
        "credentialsJson",
        /not valid JSON/,
      ),
  );
});

Deno.test("validateAuthenticateOptions() enforces lifetime limits with ERR_OPTIONS_INVALID", async (t) => {
  const base = {
    workloadIdentityProvider: PROVIDER,
    oidcRequest: OIDC,
    serviceAccount: "a@b.iam.gserviceaccount.com",
  };
  await t.step("12 h is allowed", () => {
    assert.equal(
      validateAuthenticateOptions({ ...base, accessTokenLifetimeSeconds: 43_200 }).lifetimeSeconds,
      43_200,
    );
  });
  await t.step("over 12 h", () => {
    assert.throws(
      () => validateAuthenticateOptions({ ...base, accessTokenLifetimeSeconds: 43_201 }),
      {
        code: "ERR_OPTIONS_INVALID",
        option: "accessTokenLifetimeSeconds",
        message: /at most 43200 seconds/,
      },
    );
  });
  await t.step("1 h with a subject is allowed", () => {
    assert.equal(
      validateAuthenticateOptions({
        ...base,
        accessTokenSubject: "u@x.com",
        accessTokenLifetimeSeconds: 3600,
      }).lifetimeSeconds,
      3600,
    );
  });
  await t.step("over 1 h with a subject", () => {
    assert.throws(
      () =>
        validateAuthenticateOptions({
          ...base,
          accessTokenSubject: "u@x.com",
          accessTokenLifetimeSeconds: 3601,
        }),
      {
        name: "CredentialsError",
        code: "ERR_OPTIONS_INVALID",
        option: "accessTokenLifetimeSeconds",
        message: /accessTokenSubject/,
      },
    );
  });
});

Deno.test("validateAuthenticateOptions() derives the project id in the documented order", async (t) => {
  const { json, key } = await testKey();
  const wif = { workloadIdentityProvider: PROVIDER, oidcRequest: OIDC };
  const rows: [string, AuthenticateOptions, string | undefined, string | undefined][] = [
    [
      "input wins",
      { ...wif, projectId: " given ", serviceAccount: "a@other.iam.gserviceaccount.com" },
      "given",
      "input",
    ],
    [
      "key before email",
      { credentialsJson: json, serviceAccount: "a@other.iam.gserviceaccount.com" },
      key.project_id,
      "credentials",
    ],
    [
      "key without project_id uses the email",
      { credentialsJson: JSON.stringify({ ...key, project_id: undefined }) },
      "test-project",
      "service_account",
    ],
    [
      "email",
      { ...wif, serviceAccount: "a@my-proj.iam.gserviceaccount.com" },
      "my-proj",
      "service_account",
    ],
    [
      "never developer",
      { ...wif, serviceAccount: "123-compute@developer.gserviceaccount.com" },
      "42",
      "provider",
    ],
    ["provider number last", wif, "42", "provider"],
  ];
  for (const [name, options, projectId, source] of rows) {
    await t.step(name, () => {
      const result = validateAuthenticateOptions(options);
      assert.equal(result.projectId, projectId);
      assert.equal(result.projectIdSource, source);
    });
  }
});

Deno.test("validateAuthenticateOptions() resolves defaults", () => {
  const result = validateAuthenticateOptions({
    workloadIdentityProvider: PROVIDER,
    oidcRequest: OIDC,
    universe: "Example.COM",
  });
  assert.equal(result.mode, "workload_identity_federation");
  assert.equal(result.universe, "example.com");
  assert.equal(result.tokenFormat, "");
  assert.equal(result.lifetimeSeconds, 3600);
  assert.deepEqual(result.scopes, ["https://www.googleapis.com/auth/cloud-platform"]);
  assert.equal(result.endpoints.sts, "https://sts.example.com/v1");
  if (result.mode === "workload_identity_federation") {
    assert.equal(result.oidcAudience, `https://iam.example.com/${PROVIDER}`);
  }
});
