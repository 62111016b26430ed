import assert from "node:assert/strict";
import {
  type AnyAuthError,
  authenticate,
  AuthError,
  type AuthErrorCode,
  CredentialsError,
  credentialsFromApiKey,
  credentialsFromJson,
  downscopedCredentials,
  GithubOidcError,
  GoogleApiError,
  loadCredentials,
  TokenError,
} from "../../auth/mod.ts";
import { AUTH_ERROR_HINTS } from "../../auth/_hints.ts";
import {
  exchangeToken,
  generateAccessToken,
  generateIdToken,
  parseWorkloadIdentityProvider,
  signBlob,
  signJwt,
} from "../../auth/flows/mod.ts";
import { metadataServerCredentials } from "../../auth/mod.ts";
import { verifyIdToken } from "../../auth/verify/mod.ts";
import { testKey } from "../support/keys.ts";
import { parseServiceAccountKey } from "../../auth/keys/mod.ts";

Deno.test("AuthError subclasses carry name, code, default hint and cause", () => {
  const cause = new Error("root");
  const errors: AnyAuthError[] = [
    new CredentialsError("ERR_KEY_FIELD_MISSING", "no key", { option: "credentialsJson" }),
    new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "token", { status: 400, cause }),
    new GithubOidcError("ERR_OIDC_REQUEST_FAILED", "oidc"),
    new TokenError("ERR_TOKEN_RESPONSE_INVALID", "token"),
  ];
  const names = errors.map((e) => e.name);
  assert.deepEqual(names, ["CredentialsError", "GoogleApiError", "GithubOidcError", "TokenError"]);
  for (const error of errors) {
    assert.ok(error instanceof AuthError && error instanceof Error);
    assert.equal(error.hint, AUTH_ERROR_HINTS[error.code]);
  }
  assert.equal(errors[1]!.cause, cause);
  assert.equal(errors[2]!.status, 0);
});

Deno.test("AuthError redacts secrets in its cause chain and keeps a clean cause as it is", () => {
  const token = "gho_runner-request-token-1234";
  // What undici throws for a header value it refuses: the value, bearer included.
  const header = new TypeError(`Headers.append: "Bearer ${token}\n" is an invalid header value.`);
  const wrapped = new Error("fetch failed", { cause: header });
  const error = new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", {
    status: 0,
    cause: wrapped,
    secrets: [token],
  });
  const texts: string[] = [];
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    texts.push(cause.name, cause.message, cause.stack ?? "");
  }
  assert.equal(texts.length, 6, "both causes are kept");
  assert.deepEqual([texts[0], texts[3]], ["Error", "TypeError"]);
  assert.match(texts[4]!, /is an invalid header value/);
  for (const text of texts) assert.ok(!text.includes(token), text);

  const clean = new TypeError("connection reset by peer");
  const kept = new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", {
    cause: clean,
    secrets: [token],
  });
  assert.equal(kept.cause, clean);
});

Deno.test("AUTH_ERROR_HINTS has an imperative hint for every code", () => {
  // Record<AuthErrorCode, string> makes deno check fail on a code without a hint.
  const codes = Object.keys(AUTH_ERROR_HINTS) as AuthErrorCode[];
  assert.ok(codes.includes("ERR_TOKEN_RESPONSE_INVALID"));
  for (const code of codes) {
    assert.match(code, /^ERR_[A-Z0-9_]+$/);
    assert.match(AUTH_ERROR_HINTS[code], /^[A-Z]/);
    assert.ok(!AUTH_ERROR_HINTS[code].endsWith("."));
  }
});

Deno.test("AuthError redacts secrets from message, hint and Google message at construction", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
  const error = new GoogleApiError("ERR_IAM_ID_TOKEN_FAILED", `bad ${jwt} and opaque-secret-1`, {
    status: 401,
    googleMessage: `Bearer ${jwt}`,
    hint: "retry opaque-secret-1",
    secrets: ["opaque-secret-1"],
  });
  const all = `${error.message} ${error.hint} ${error.googleMessage}`;
  assert.ok(!all.includes(jwt));
  assert.ok(!all.includes("opaque-secret-1"));
  assert.match(error.message, /\[REDACTED\]/);
});

Deno.test("a call that gets no response has a network hint, not its code's hint", async (t) => {
  const unreachable = () => Promise.reject(new TypeError("fetch failed: getaddrinfo ENOTFOUND"));
  const calls = {
    "STS": () =>
      exchangeToken({
        audience:
          "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
        subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
        fetch: unreachable,
        retry: { attempts: 1 },
      }),
    "IAM Credentials": () =>
      generateAccessToken({
        serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
        authToken: "ya29.federated",
        fetch: unreachable,
        retry: { attempts: 1 },
      }),
  };
  for (const [service, call] of Object.entries(calls)) {
    await t.step(service, async () => {
      const error = await call().then(() => undefined, (e) => e);
      assert.ok(error instanceof GoogleApiError);
      assert.equal(error.status, 0);
      assert.match(error.hint, /reach the host \(DNS, firewall, HTTPS_PROXY\/NO_PROXY\)/);
      assert.doesNotMatch(error.hint, /attribute condition|serviceAccountTokenCreator/);
    });
  }
  // The same error with an answer has the code's hint, which the raising module gives.
  const answered = new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", {
    status: 403,
    defaultHint: "the STS hint",
  });
  assert.equal(answered.hint, "the STS hint");
  const unanswered = new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", {
    status: 0,
    cause: new TypeError("fetch failed"),
    defaultHint: "the STS hint",
  });
  assert.match(unanswered.hint, /reach the host/);
});

Deno.test("a call whose last answer is 5xx or 429 has a retry-later hint, not its code's hint", () => {
  for (const status of [500, 503, 429]) {
    const error = new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "token", { status });
    assert.match(error.hint, /^Retry later: the service kept failing/);
  }
  for (const status of [400, 403, 404]) {
    const error = new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "token", { status });
    assert.equal(error.hint, AUTH_ERROR_HINTS.ERR_OAUTH2_TOKEN_FAILED);
  }
  const explicit = new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "token", {
    status: 503,
    hint: "Run gcloud again",
  });
  assert.equal(explicit.hint, "Run gcloud again");
});

Deno.test("a call that ends on 5xx or 429 gets the retry-later hint, not the call's own hint", async (t) => {
  const answering = (status: number) => () =>
    Promise.resolve(new Response('{"error":"busy"}', { status }));
  const { key } = await testKey();
  const calls = {
    // STS's own hint answers for every 4xx (the token's claims), 429 included.
    "STS, 429": () =>
      exchangeToken({
        audience:
          "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
        subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
        fetch: answering(429),
        retry: { attempts: 1 },
      }),
    // A key file's token call always hinted at a deleted or disabled key.
    "service account key, 503": () =>
      credentialsFromJson({ ...key, token_uri: "https://oauth2.example/token" }, {
        fetch: answering(503),
        retry: { attempts: 1 },
      }).getAccessToken(),
  };
  for (const [name, call] of Object.entries(calls)) {
    await t.step(name, async () => {
      const error = await call().then(() => undefined, (e) => e);
      assert.ok(error instanceof GoogleApiError, String(error));
      assert.match(error.hint, /^Retry later: the service kept failing/);
    });
  }
});

Deno.test("AuthError fields are own properties in a fixed order, undefined when not given", () => {
  const error = new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", "token", {
    status: 400,
    googleMessage: "denied",
  });
  assert.deepEqual(Object.entries(error), [
    ["name", "GoogleApiError"],
    ["code", "ERR_OAUTH2_TOKEN_FAILED"],
    ["hint", AUTH_ERROR_HINTS.ERR_OAUTH2_TOKEN_FAILED],
    ["status", 400],
    ["googleStatus", undefined],
    ["googleMessage", "denied"],
    ["option", undefined],
  ]);
});

const noCall = () => Promise.reject(new Error("no call expected"));

/** An external_account configuration with `credential_source`. */
const externalAccount = (credential_source: object) => ({
  type: "external_account",
  audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
  subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
  credential_source,
});

Deno.test("the codes a class leaves to the function that raises them carry their default hint when that function raises them", async () => {
  const raised: [string, () => unknown][] = [
    ["ERR_PROVIDER_INVALID", () => parseWorkloadIdentityProvider("my-pool")],
    [
      "ERR_OIDC_UNAVAILABLE",
      () =>
        authenticate({
          workloadIdentityProvider:
            "projects/123456/locations/global/workloadIdentityPools/github/providers/repo",
        }),
    ],
    ["ERR_CREDENTIALS_NOT_FOUND", () => loadCredentials({ env: { NO_GCE_CHECK: "true" } })],
    ["ERR_API_KEY_INVALID", () => credentialsFromApiKey("two words")],
    ["ERR_KEY_EMPTY", () => parseServiceAccountKey(" ")],
    ["ERR_KEY_MALFORMED", () => parseServiceAccountKey("{not json")],
    ["ERR_KEY_UNSUPPORTED_TYPE", () => parseServiceAccountKey('{"type": "authorized_user"}')],
    [
      "ERR_CREDENTIALS_UNSUPPORTED",
      () => credentialsFromJson({ type: "gdch_service_account" }, { fetch: noCall }),
    ],
    [
      "ERR_CREDENTIALS_TYPE_NOT_ALLOWED",
      () =>
        credentialsFromJson({ type: "authorized_user" }, {
          allowedTypes: ["service_account"],
          fetch: noCall,
        }),
    ],
    [
      "ERR_CREDENTIALS_SOURCE_REFUSED",
      () =>
        credentialsFromJson(externalAccount({ file: "/var/run/token" }), {
          refuseLocalSources: true,
          fetch: noCall,
        }),
    ],
    ["ERR_API_KEY_NO_TOKEN", () => credentialsFromApiKey("AIzaKey").getAccessToken()],
    [
      "ERR_ACCESS_BOUNDARY_INVALID",
      () =>
        downscopedCredentials(credentialsFromApiKey("AIzaKey"), {
          accessBoundary: { accessBoundaryRules: [] },
        }),
    ],
    [
      "ERR_EXECUTABLES_NOT_ALLOWED",
      () =>
        credentialsFromJson(externalAccount({ executable: { command: "/bin/token" } }), {
          env: {},
          fetch: noCall,
        })
          .getAccessToken(),
    ],
  ];
  for (const [code, raise] of raised) {
    const error = await Promise.resolve().then(raise).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof CredentialsError, `${code}: ${error}`);
    assert.equal(error.code, code);
    assert.equal(error.hint, AUTH_ERROR_HINTS[code as AuthErrorCode], code);
  }
  // GoogleApiError holds the token endpoint's hint only; each other call gives its own code's.
  const refused = () => Promise.resolve(Response.json({ error: { code: 403 } }, { status: 403 }));
  const iam = {
    serviceAccount: "ci@my-proj.iam.gserviceaccount.com",
    authToken: "ya29.caller",
    fetch: refused,
  };
  const urlSource = {
    type: "external_account",
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    credential_source: { url: "https://idp.example/token" },
  };
  const called: [string, () => unknown][] = [
    ["ERR_STS_EXCHANGE_FAILED", () =>
      exchangeToken({
        audience: urlSource.audience,
        subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
        fetch: refused,
      })],
    ["ERR_STS_EXCHANGE_FAILED", () =>
      downscopedCredentials(
        { getAccessToken: () => Promise.resolve({ token: "ya29.source", expiresAt: new Date() }) },
        {
          accessBoundary: {
            accessBoundaryRules: [{
              availableResource: "//storage.googleapis.com/projects/_/buckets/b",
              availablePermissions: ["inRole:roles/storage.objectViewer"],
            }],
          },
        },
        { fetch: refused },
      ).getAccessToken()],
    ["ERR_IAM_ACCESS_TOKEN_FAILED", () => generateAccessToken(iam)],
    ["ERR_IAM_ID_TOKEN_FAILED", () => generateIdToken({ ...iam, audience: "https://a.example" })],
    ["ERR_IAM_SIGN_JWT_FAILED", () => signJwt({ ...iam, claims: { sub: "x" } })],
    ["ERR_IAM_SIGN_BLOB_FAILED", () => signBlob({ ...iam, payload: new Uint8Array([1]) })],
    ["ERR_CERTS_REQUEST_FAILED", () =>
      verifyIdToken(
        `${btoa(JSON.stringify({ alg: "RS256", kid: "k" }))}.${btoa("{}")}.c2ln`,
        { audience: "https://a.example", fetch: refused },
      )],
    [
      "ERR_METADATA_REQUEST_FAILED",
      () => metadataServerCredentials({ env: {}, fetch: refused }).then((c) => c.getAccessToken()),
    ],
    [
      "ERR_SUBJECT_TOKEN_FAILED",
      () => credentialsFromJson(urlSource, { env: {}, fetch: refused }).getAccessToken(),
    ],
  ];
  for (const [code, call] of called) {
    const error = await Promise.resolve().then(call).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof GoogleApiError, `${code}: ${error}`);
    assert.equal(error.code, code);
    assert.equal(error.hint, AUTH_ERROR_HINTS[code as AuthErrorCode], code);
  }
  // Built by a caller, such an error has the hint it is given: its class does not carry it.
  assert.equal(new CredentialsError("ERR_AWS_REGION_UNAVAILABLE", "no region").hint, "");
  assert.equal(new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", { status: 403 }).hint, "");
  assert.equal(new CredentialsError("ERR_KEY_EMPTY", "empty").hint, "");
  assert.equal(
    new CredentialsError("ERR_KEY_FIELD_MISSING", "no key").hint,
    AUTH_ERROR_HINTS.ERR_KEY_FIELD_MISSING,
  );
});
