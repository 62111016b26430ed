// JavaScript callers get no compile-time check of option names or values: every public function
// that takes an options object refuses a name it does not take (naming the option, and the one
// it likely meant), and every bad value is a CredentialsError with a code, not a built-in error.
import assert from "node:assert/strict";
import {
  authenticate,
  CredentialsError,
  credentialsFromApiKey,
  credentialsFromJson,
  downscopedCredentials,
  externalAccountCredentials,
  loadCredentials,
  toAuthClient,
} from "../../auth/mod.ts";
import { validateAuthenticateOptions } from "../../auth/authenticate/options.ts";
import {
  exchangeJwtBearer,
  exchangeToken,
  generateAccessToken,
  parseWorkloadIdentityProvider,
  requestGithubOidcToken,
  resolveEndpoints,
  signBlob,
} from "../../auth/flows/mod.ts";
import { buildDomainWideDelegationClaims, signJwtWithKey } from "../../auth/keys/mod.ts";
import { createSignedPostPolicy, createSignedUrl } from "../../auth/signing/mod.ts";
import { verifyIapJwt, verifyIdToken } from "../../auth/verify/mod.ts";
import { testKey } from "../support/keys.ts";
import { GoogleAuth } from "../../auth/google_auth_library/mod.ts";
import { GoogleAuth as KeyOnlyGoogleAuth } from "../../auth/google_auth_library/service_account.ts";
import { cacheApiTokenStore, denoKvTokenStore, kvTokenStore } from "../../auth/token_store/mod.ts";

const USER = {
  type: "authorized_user",
  client_id: "id",
  client_secret: "secret",
  refresh_token: "refresh",
};
const EXTERNAL_ACCOUNT = {
  type: "external_account",
  audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
  subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
  token_url: "https://sts.googleapis.com/v1/token",
  credential_source: { url: "https://idp.example/token" },
};
const PROVIDER = "projects/1/locations/global/workloadIdentityPools/pool/providers/prov";
const OIDC = { url: "https://runner.example/token", token: "t" };
const BOUNDARY = {
  accessBoundary: {
    accessBoundaryRules: [{
      availableResource: "//storage.googleapis.com/projects/_/buckets/b",
      availablePermissions: ["inRole:roles/storage.objectViewer"],
    }],
  },
};
const calls: string[] = [];
const noCall = (input: Request | URL | string) => {
  calls.push(String(input));
  return Promise.reject(new Error("no call expected"));
};
/** Signing credentials that never sign: the refusal comes first. */
const SIGNER = {
  sign: () => Promise.reject(new Error("no signature expected")),
  getServiceAccountEmail: () => Promise.resolve("sa@p.iam.gserviceaccount.com"),
};

/** A call with a misspelt option, the name, and the one the message must suggest (or none). */
type Row = [string, () => unknown, string, string | undefined];

function rows(key: string): Row[] {
  // deno-lint-ignore no-explicit-any
  const untyped = (options: Record<string, unknown>) => options as any;
  return [
    [
      "authenticate(), another case",
      () => authenticate(untyped({ credentialsJson: key, tokenformat: "access_token" })),
      "tokenformat",
      "tokenFormat",
    ],
    [
      "authenticate(), the step's input name",
      () => authenticate(untyped({ credentialsJson: key, token_format: "access_token" })),
      "token_format",
      "tokenFormat",
    ],
    [
      "authenticate(), the end of a name",
      () => authenticate(untyped({ credentialsJson: key, scopes: ["x"], fetch: noCall })),
      "scopes",
      "accessTokenScopes",
    ],
    [
      "validateAuthenticateOptions(), the start of a name",
      () =>
        validateAuthenticateOptions(untyped({
          workloadIdentityProvider: PROVIDER,
          oidcRequest: OIDC,
          accessTokenLifetime: 600,
        })),
      "accessTokenLifetime",
      "accessTokenLifetimeSeconds",
    ],
    [
      "authenticate(), nothing close",
      () => authenticate(untyped({ credentialsJson: key, keyFile: "/k.json" })),
      "keyFile",
      undefined,
    ],
    [
      "loadCredentials()",
      () => loadCredentials(untyped({ credentials: USER, scope: ["x"], fetch: noCall })),
      "scope",
      "scopes",
    ],
    [
      "credentialsFromJson()",
      () => credentialsFromJson(USER, untyped({ eagerRefreshSecond: 1 })),
      "eagerRefreshSecond",
      "eagerRefreshSeconds",
    ],
    [
      "credentialsFromApiKey()",
      () => credentialsFromApiKey("AIza-key", untyped({ fetcher: noCall })),
      "fetcher",
      "fetch",
    ],
    [
      "downscopedCredentials()",
      () =>
        downscopedCredentials(
          credentialsFromJson(USER, { fetch: noCall }),
          BOUNDARY,
          untyped({ tokenURL: "https://sts.example/v1/token" }),
        ),
      "tokenURL",
      "tokenUrl",
    ],
    [
      "downscopedCredentials(), an option of the source's credentials",
      () =>
        downscopedCredentials(
          credentialsFromJson(USER, { fetch: noCall }),
          BOUNDARY,
          untyped({ subjectTokenSupplier: { getSubjectToken: noCall } }),
        ),
      "subjectTokenSupplier",
      undefined,
    ],
    [
      "externalAccountCredentials(), a token store it cannot seal tokens for",
      () =>
        externalAccountCredentials(
          EXTERNAL_ACCOUNT,
          untyped({ tokenStore: new Map(), fetch: noCall }),
        ),
      "tokenStore",
      undefined,
    ],
    [
      "generateAccessToken(), a lifetime without its unit",
      () =>
        generateAccessToken(untyped({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          authToken: "ya29.caller",
          lifetime: 600,
          fetch: noCall,
        })),
      "lifetime",
      "lifetimeSeconds",
    ],
    [
      "exchangeToken(), another case",
      () =>
        exchangeToken(
          untyped({ audience: "//iam", subjectToken: "eyJ.a.b", tokenURL: "x", fetch: noCall }),
        ),
      "tokenURL",
      "tokenUrl",
    ],
    [
      "requestGithubOidcToken(), a name of the step's",
      () =>
        requestGithubOidcToken(
          untyped({
            requestUrl: "https://r",
            requestToken: "t",
            audience: "a",
            oidc_audience: "b",
          }),
        ),
      "oidc_audience",
      undefined,
    ],
    [
      "resolveEndpoints(), a name of the step's",
      () => resolveEndpoints(untyped({ universe_domain: "example.com" })),
      "universe_domain",
      undefined,
    ],
    [
      "buildDomainWideDelegationClaims(), a misspelt subject",
      () =>
        buildDomainWideDelegationClaims(untyped({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          subjcet: "u@example.com",
          scopes: ["s"],
          audience: "https://oauth2.googleapis.com/token",
        })),
      "subjcet",
      "subject",
    ],
    [
      "a retry option, misspelt (the default would apply)",
      () =>
        exchangeJwtBearer({ assertion: "a.b.c", retry: untyped({ attempt: 1 }), fetch: noCall }),
      "attempt",
      "attempts",
    ],
    [
      "a post policy condition, misspelt (the policy would have no size limit)",
      () =>
        createSignedPostPolicy(
          SIGNER,
          untyped({
            bucket: "b",
            object: "o",
            expiration: 60,
            conditions: { contentLenghtRange: [0, 10] },
          }),
        ),
      "contentLenghtRange",
      "contentLengthRange",
    ],
    [
      "exchangeToken()'s client, misspelt (its secret would be sent as undefined)",
      () =>
        exchangeToken({
          audience: "//iam",
          subjectToken: "eyJ.a.b",
          client: untyped({ id: "client", secrte: "s" }),
          fetch: noCall,
        }),
      "secrte",
      "secret",
    ],
    [
      "getIdToken()",
      () =>
        credentialsFromJson(USER, { fetch: noCall }).getIdToken(
          "https://a.example",
          untyped({ includeEmails: true }),
        ),
      "includeEmails",
      "includeEmail",
    ],
    [
      "verifyIdToken()",
      () => verifyIdToken("a.b.c", untyped({ audience: "https://a", certUrl: "https://c" })),
      "certUrl",
      "certsUrl",
    ],
    [
      "verifyIapJwt()",
      () =>
        verifyIapJwt("a.b.c", untyped({ audience: "/projects/1/apps/p", keysURL: "https://k" })),
      "keysURL",
      "keysUrl",
    ],
    [
      "createSignedUrl()",
      () => createSignedUrl(SIGNER, untyped({ bucket: "b", expiration: 60, header: {} })),
      "header",
      "headers",
    ],
    [
      "createSignedPostPolicy()",
      () =>
        createSignedPostPolicy(
          SIGNER,
          untyped({ bucket: "b", object: "o", expiration: 60, field: {} }),
        ),
      "field",
      "fields",
    ],
  ];
}

Deno.test("every options object refuses a name its function does not take, suggesting the near one", async (t) => {
  const { json } = await testKey();
  for (const [name, call, option, near] of rows(json)) {
    await t.step(name, async () => {
      const error = await (async () => await call())().then(
        () => assert.fail("expected an error"),
        (error: unknown) => error,
      );
      assert.ok(error instanceof CredentialsError, String(error));
      assert.equal(error.code, "ERR_OPTIONS_INVALID");
      assert.equal(error.option, option);
      // A nested object's names are refused as its own: "of retry", "of conditions"...
      assert.match(
        error.message,
        new RegExp(
          `^Cannot use option "${option}" of (\\w+\\(\\)|retry|conditions|endpoints|client): `,
        ),
      );
      if (near === undefined) assert.doesNotMatch(error.message, /did you mean/);
      else assert.ok(error.message.endsWith(`; did you mean "${near}"?`), error.message);
      assert.match(error.hint, /JavaScript callers get no check of option names/);
    });
  }
  assert.deepEqual(calls, [], "no request was sent");
});

Deno.test("a bad option value is a CredentialsError with a code, never a built-in error", async (t) => {
  // deno-lint-ignore no-explicit-any
  const untyped = (value: unknown) => value as any;
  const { json } = await testKey();
  const cases: [string, () => unknown, string, string][] = [
    [
      "a lifetime over 1 h with a subject",
      () =>
        authenticate({
          credentialsJson: json,
          tokenFormat: "access_token",
          accessTokenSubject: "u@example.com",
          accessTokenLifetimeSeconds: 7200,
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "accessTokenLifetimeSeconds",
    ],
    [
      "a domain-wide delegation lifetime over 1 h",
      () =>
        buildDomainWideDelegationClaims({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          subject: "u@example.com",
          scopes: ["s"],
          audience: "https://oauth2.googleapis.com/token",
          lifetimeSeconds: 3601,
        }),
      "ERR_OPTIONS_INVALID",
      "lifetimeSeconds",
    ],
    [
      "a timeout of 0",
      () => exchangeJwtBearer({ assertion: "a.b.c", timeoutMs: 0, fetch: noCall }),
      "ERR_OPTIONS_INVALID",
      "timeoutMs",
    ],
    [
      "retry attempts of 0",
      () => exchangeJwtBearer({ assertion: "a.b.c", retry: { attempts: 0 }, fetch: noCall }),
      "ERR_OPTIONS_INVALID",
      "retry",
    ],
    [
      "a negative clock skew",
      () => verifyIdToken("a.b.c", { audience: "https://a", clockSkewSeconds: -1 }),
      "ERR_OPTIONS_INVALID",
      "clockSkewSeconds",
    ],
    [
      "a provider that is not a string",
      () => parseWorkloadIdentityProvider(untyped(42)),
      "ERR_PROVIDER_INVALID",
      "workloadIdentityProvider",
    ],
    [
      "toAuthClient() of something else",
      () => toAuthClient(untyped({})),
      "ERR_OPTIONS_INVALID",
      "credentials",
    ],
    // A value of another type than the option's: refused when the options are read, not spread,
    // called or read as false later.
    [
      "one scope as a string (it would be spread into one scope per character)",
      () =>
        credentialsFromJson(json, {
          scopes: untyped("https://www.googleapis.com/auth/cloud-platform"),
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "scopes",
    ],
    [
      'refuseLocalSources as a string ("true" read as false would let local sources in)',
      () =>
        loadCredentials({ credentials: json, refuseLocalSources: untyped("true"), fetch: noCall }),
      "ERR_OPTIONS_INVALID",
      "refuseLocalSources",
    ],
    [
      "a fetch that is not a function",
      () => credentialsFromJson(json, { fetch: untyped("https://proxy.example") }),
      "ERR_OPTIONS_INVALID",
      "fetch",
    ],
    [
      "a building block's fetch that is not a function (it would fail as a network error, retried)",
      () => exchangeJwtBearer({ assertion: "a.b.c", fetch: untyped("https://proxy.example") }),
      "ERR_OPTIONS_INVALID",
      "fetch",
    ],
    [
      "an env of null",
      () => loadCredentials({ env: untyped(null), fetch: noCall }),
      "ERR_OPTIONS_INVALID",
      "env",
    ],
    [
      "an ID token audience list where authenticate() takes one",
      () =>
        authenticate({
          credentialsJson: json,
          tokenFormat: "id_token",
          idTokenAudience: untyped(["https://a.example"]),
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "idTokenAudience",
    ],
    [
      "signBlob() of an ArrayBuffer (it would sign zero bytes)",
      () =>
        signBlob({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          authToken: "ya29.caller",
          payload: untyped(new ArrayBuffer(4)),
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "payload",
    ],
    [
      "domain-wide delegation claims without a subject (the service account's own grant)",
      () =>
        buildDomainWideDelegationClaims(untyped({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          scopes: ["s"],
          audience: "https://oauth2.googleapis.com/token",
        })),
      "ERR_OPTIONS_INVALID",
      "subject",
    ],
    [
      "domain-wide delegation claims without a scope",
      () =>
        buildDomainWideDelegationClaims({
          serviceAccount: "sa@p.iam.gserviceaccount.com",
          subject: "u@example.com",
          scopes: [],
          audience: "https://oauth2.googleapis.com/token",
        }),
      "ERR_OPTIONS_INVALID",
      "scopes",
    ],
    [
      "exchangeToken()'s client with empty strings",
      () =>
        exchangeToken({
          audience: "//iam",
          subjectToken: "eyJ.a.b",
          client: { id: "", secret: "" },
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "client",
    ],
    [
      "a GitHub OIDC request without its token (it would send Bearer undefined)",
      () =>
        requestGithubOidcToken(
          untyped({ requestUrl: "https://r.example", audience: "a", fetch: noCall }),
        ),
      "ERR_OIDC_UNAVAILABLE",
      "oidcRequest",
    ],
    [
      "signJwtWithKey() of a string (it would sign the string as the payload)",
      () => signJwtWithKey(untyped({ private_key: "x", client_email: "e" }), untyped("admin")),
      "ERR_OPTIONS_INVALID",
      "claims",
    ],
    [
      "signJwtWithKey() of a Date (it would be signed as a string through toJSON())",
      () => signJwtWithKey(untyped({ private_key: "x", client_email: "e" }), untyped(new Date())),
      "ERR_OPTIONS_INVALID",
      "claims",
    ],
    [
      "exchangeToken()'s client without its secret",
      () =>
        exchangeToken({
          audience: "//iam",
          subjectToken: "eyJ.a.b",
          client: untyped({ id: "client" }),
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "client",
    ],
    // A store without its methods would be passed by at every call: sharing off, unsaid.
    [
      "a token store without get() and set()",
      () => credentialsFromJson(json, { tokenStore: untyped({}), fetch: noCall }),
      "ERR_OPTIONS_INVALID",
      "tokenStore",
    ],
    [
      "a token store without set()",
      () =>
        loadCredentials({
          credentials: json,
          tokenStore: untyped({ get: () => Promise.resolve(undefined) }),
          fetch: noCall,
        }),
      "ERR_OPTIONS_INVALID",
      "tokenStore",
    ],
    [
      "the key-only GoogleAuth with a fetch that is not a function",
      () =>
        new KeyOnlyGoogleAuth({ credentials: json, fetch: untyped("https://proxy.example") })
          .getClient(),
      "ERR_OPTIONS_INVALID",
      "fetch",
    ],
    [
      "GoogleAuth with a token store's name",
      () =>
        new GoogleAuth({ credentials: json, tokenStore: untyped("kv"), fetch: noCall }).getClient(),
      "ERR_OPTIONS_INVALID",
      "tokenStore",
    ],
    [
      "GoogleAuth with an authClient that is no client",
      () => new GoogleAuth({ authClient: untyped({ getAccessToken: noCall }) }).getClient(),
      "ERR_OPTIONS_INVALID",
      "authClient",
    ],
    [
      "kvTokenStore() of something else",
      () => kvTokenStore(untyped({})),
      "ERR_OPTIONS_INVALID",
      "namespace",
    ],
    [
      "denoKvTokenStore() of nothing",
      () => denoKvTokenStore(untyped(null)),
      "ERR_OPTIONS_INVALID",
      "kv",
    ],
    [
      "cacheApiTokenStore() of something else",
      () => cacheApiTokenStore(untyped({ match: () => undefined })),
      "ERR_OPTIONS_INVALID",
      "cache",
    ],
  ];
  for (const [name, call, code, option] of cases) {
    await t.step(name, async () => {
      const error = await (async () => await call())().then(
        () => assert.fail("expected an error"),
        (error: unknown) => error,
      );
      assert.ok(error instanceof CredentialsError, String(error));
      assert.equal(error.code, code);
      assert.equal(error.option, option);
    });
  }
  assert.deepEqual(calls, [], "no request was sent");
});

Deno.test("a value of another type names the option, the type expected and the type given", async () => {
  const { json } = await testKey();
  assert.throws(
    () => credentialsFromJson(json, { scopes: "https://a.example/scope" as never }),
    {
      code: "ERR_OPTIONS_INVALID",
      message: 'Cannot use option "scopes" of credentialsFromJson(): expected a list, got string',
    },
  );
  assert.throws(() => credentialsFromJson(json, { log: null as never }), {
    message: 'Cannot use option "log" of credentialsFromJson(): expected an object, got null',
  });
  assert.throws(() => credentialsFromJson(json, { now: [] as never }), {
    message: 'Cannot use option "now" of credentialsFromJson(): expected a function, got a list',
  });
});
