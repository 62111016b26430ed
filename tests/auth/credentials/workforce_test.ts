// Workforce identity federation with credentialsFromJson(), against the emulator: an
// external_account_authorized_user file (gcloud auth login --login-config) refreshed at STS, and
// external_account files of a workforce pool, billed through workforce_pool_user_project or an
// authenticated OAuth client; what they send, and the errors of a bad file or a refused token.
import assert from "node:assert/strict";
import { CredentialsError, credentialsFromJson, GoogleApiError } from "../../../auth/mod.ts";
import type { Emulator } from "../../../emulator/mod.ts";
import { GCLOUD_CLIENT, githubToken, withEmulator } from "../../../tools/emulator_calls.ts";
import { fakeFetch } from "../../support/fake_fetch.ts";
import { base64, base64url, hex } from "../../support/token_encodings.ts";

const BASIC = `Basic ${btoa(`${GCLOUD_CLIENT.id}:${GCLOUD_CLIENT.secret}`)}`;

async function workforceFile(emulator: Emulator, extra: Record<string, unknown>) {
  const token = await githubToken(
    emulator,
    `https://iam.googleapis.com/${emulator.workforceProvider}`,
  );
  const file = {
    type: "external_account",
    audience: `//iam.googleapis.com/${emulator.workforceProvider}`,
    subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
    token_url: `${emulator.endpoints.sts}/token`,
    credential_source: { file: "/var/token" },
    ...extra,
  };
  // A file source's token ends with a newline, as gcloud's examples and IdPs write it.
  return { file, readFile: () => Promise.resolve(`${token}\n`) };
}

Deno.test("external_account_authorized_user: refreshed at STS with the client's Basic auth", async () => {
  await withEmulator({}, async (emulator) => {
    const json = await emulator.externalAccountAuthorizedUser({
      subject: "alice@idp.example",
      quotaProjectId: "billing",
    });
    const credentials = credentialsFromJson(json);
    assert.equal(credentials.type, "external_account_authorized_user");
    const headers = await credentials.getRequestHeaders();
    assert.equal(headers["x-goog-user-project"], "billing");
    const token = headers.authorization!.slice("Bearer ".length);
    const info = emulator.tokenInfo(token)!;
    assert.match(
      info.principal,
      /workforcePools\/emulated-workforce\/subject\/alice@idp\.example$/,
    );
    const [request] = emulator.requests;
    assert.equal(request!.route, "stsOauthToken");
    assert.equal(request!.headers.authorization, BASIC);
    assert.deepEqual(
      [...new URLSearchParams(request!.body).keys()].sort(),
      ["grant_type", "refresh_token"],
    );
    await assert.rejects(credentials.getIdToken("https://x.example"), {
      code: "ERR_CREDENTIALS_UNSUPPORTED",
      message: /\(external_account_authorized_user\): ID tokens need a service account/,
    });
    // A refresh token the emulator does not know: STS's 400, with the login hint, no secret.
    const file = JSON.parse(json);
    const refused = credentialsFromJson({ ...file, refresh_token: "1//revoked-refresh-token" });
    const error = await refused.getAccessToken().then(() => undefined, (e) => e);
    assert.ok(error instanceof GoogleApiError);
    assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
    assert.equal(error.status, 400);
    assert.match(error.hint, /gcloud auth application-default login --login-config/);
    assert.doesNotMatch(
      `${error.message} ${error.hint} ${JSON.stringify(error)}`,
      /revoked-refresh-token|ZmssLNjJy2998hD4CTg2ejr2|MzI1NTU5/,
    );
  });
});

Deno.test("external_account_authorized_user: a rotated refresh token replaces the old one", async () => {
  const seen: string[] = [];
  const { fetch } = fakeFetch((request, index) => {
    seen.push(new URLSearchParams(request.body).get("refresh_token")!);
    return Response.json({
      access_token: `ya29.t${index}`,
      expires_in: 1,
      ...(index === 0 ? { refresh_token: "1//rotated" } : {}),
    });
  });
  const credentials = credentialsFromJson({
    type: "external_account_authorized_user",
    audience: "//iam.googleapis.com/locations/global/workforcePools/p/providers/x",
    refresh_token: "1//first",
    client_id: "c",
    client_secret: "s",
  }, { fetch, eagerRefreshSeconds: 0 });
  await credentials.getAccessToken();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await credentials.getAccessToken();
  assert.deepEqual(seen, ["1//first", "1//rotated"]);
});

Deno.test("external_account_authorized_user: a token endpoint echoing the request in base64, hex or the bare Basic credential leaks nothing", async (t) => {
  const file = {
    type: "external_account_authorized_user",
    audience: "//iam.googleapis.com/locations/global/workforcePools/p/providers/x",
    refresh_token: "1//0gEchoedRefreshToken-abc",
    client_id: "client-id-123",
    client_secret: "client-secret-456",
  };
  const echoes: Record<string, (body: string, authorization: string) => string> = {
    "base64 of the body": (body) => base64(body),
    "base64url of the body": (body) => base64url(body),
    "hex of the body": (body) => hex(body),
    "the Basic credential alone": (_, authorization) => authorization.slice("Basic ".length),
    "the client secret in base64": () => base64(file.client_secret),
  };
  for (const [name, echo] of Object.entries(echoes)) {
    await t.step(name, async () => {
      const { fetch } = fakeFetch((request) =>
        Response.json({
          error: "invalid_request",
          error_description: `could not parse ${
            echo(request.body, request.headers.get("authorization")!)
          }`,
        }, { status: 400 })
      );
      const error = await credentialsFromJson(file, { fetch }).getAccessToken()
        .then(() => undefined, (e) => e);
      assert.ok(error instanceof GoogleApiError, String(error));
      const text = `${error.message} ${error.hint} ${error.googleMessage}`;
      assert.match(text, /could not parse \S*\[REDACTED\]/);
      for (const [index, secret] of [file.refresh_token, file.client_secret].entries()) {
        for (const [name, encode] of Object.entries(echoes).slice(0, 3)) {
          const form = encode(secret, "");
          // Named, not quoted: the message would print the secret.
          assert.ok(
            !text.includes(form.slice(2, 14)),
            `secret ${index} shown, encoded as "${name}"`,
          );
        }
      }
      assert.ok(!text.includes(base64(`${file.client_id}:${file.client_secret}`).slice(0, 12)));
    });
  }
});

Deno.test("external_account_authorized_user: every missing or malformed field is named", () => {
  const good = {
    type: "external_account_authorized_user",
    audience: "//iam.googleapis.com/locations/global/workforcePools/p/providers/x",
    refresh_token: "1//r",
    client_id: "c",
    client_secret: "s",
    token_url: "https://sts.googleapis.com/v1/oauthtoken",
    token_info_url: "https://sts.googleapis.com/v1/introspect",
  };
  assert.equal(credentialsFromJson(good).type, "external_account_authorized_user");
  for (const field of ["audience", "refresh_token", "client_id", "client_secret"]) {
    const { [field]: _gone, ...rest } = good as Record<string, unknown>;
    assert.throws(
      () => credentialsFromJson(rest),
      (error) =>
        error instanceof CredentialsError && error.code === "ERR_CREDENTIALS_FIELD_MISSING" &&
        error.message.includes(`(external_account_authorized_user): "${field}" is missing`),
    );
  }
  for (const field of ["token_url", "token_info_url", "revoke_url"]) {
    assert.throws(() => credentialsFromJson({ ...good, [field]: "ftp://x" }), {
      code: "ERR_CREDENTIALS_FIELD_INVALID",
      message: new RegExp(`"${field}" is not an http\\(s\\) URL`),
    });
  }
  assert.throws(() => credentialsFromJson({ ...good, token_url: "https://u:p@sts.example/t" }), {
    code: "ERR_CREDENTIALS_URL_USERINFO",
  });
  assert.throws(
    () => credentialsFromJson({ ...good, client_secret: 7 }),
    (error) =>
      error instanceof CredentialsError && error.code === "ERR_CREDENTIALS_FIELD_INVALID" &&
      !error.message.includes("7"),
  );
});

Deno.test("external_account of a workforce pool: userProject, or the client's project with Basic auth", async () => {
  await withEmulator({}, async (emulator) => {
    const { file, readFile } = await workforceFile(emulator, {
      workforce_pool_user_project: "emulated-project",
    });
    const credentials = credentialsFromJson(file, { readFile });
    const token = (await credentials.getAccessToken()).token;
    assert.equal(emulator.tokenInfo(token)?.userProject, "emulated-project");
    const exchange = emulator.requests.find((r) => r.route === "sts")!;
    assert.equal(exchange.headers.authorization, undefined);
    assert.deepEqual(JSON.parse(JSON.parse(exchange.body).options), {
      userProject: "emulated-project",
    });
    // gcloud's client in the file: Basic auth, and no userProject (the client names the project).
    const withClient = await workforceFile(emulator, {
      workforce_pool_user_project: "emulated-project",
      client_id: GCLOUD_CLIENT.id,
      client_secret: GCLOUD_CLIENT.secret,
    });
    const before = emulator.requests.length;
    const clientToken =
      (await credentialsFromJson(withClient.file, { readFile: withClient.readFile })
        .getAccessToken())
        .token;
    assert.equal(emulator.tokenInfo(clientToken)?.userProject, "32555940559");
    const sent = emulator.requests.slice(before).find((r) => r.route === "sts")!;
    assert.equal(sent.headers.authorization, BASIC);
    assert.equal(JSON.parse(sent.body).options, undefined);
    // A project the pool's users may not bill: STS's 400, named.
    const other = await workforceFile(emulator, { workforce_pool_user_project: "someone-else" });
    await assert.rejects(
      credentialsFromJson(other.file, { readFile: other.readFile }).getAccessToken(),
      {
        code: "ERR_STS_EXCHANGE_FAILED",
        message: /someone-else/,
      },
    );
    // A wrong client secret: 401, and the secret is in no message.
    const wrong = await workforceFile(emulator, {
      client_id: GCLOUD_CLIENT.id,
      client_secret: "wrong-client-secret",
    });
    const error = await credentialsFromJson(wrong.file, { readFile: wrong.readFile })
      .getAccessToken().then(
        () => undefined,
        (e) => e,
      );
    assert.equal(error?.status, 401);
    assert.doesNotMatch(`${error.message} ${error.hint}`, /wrong-client-secret/);
  });
});
