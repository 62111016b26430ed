// Every malformed credentials file of each type gets a named ERR_* CredentialsError from
// credentialsFromJson(), synchronously, before any call, and no message quotes a secret.
import assert from "node:assert/strict";
import { CredentialsError, credentialsFromJson } from "../../../auth/mod.ts";
import { testKey } from "../../support/keys.ts";

const PRIVATE_KEY =
  "-----BEGIN PRIVATE KEY-----\nMIIEsecretkeymaterial0123456789\n-----END PRIVATE KEY-----\n";
const SECRETS = [
  "MIIEsecretkeymaterial0123456789",
  "client-secret-value",
  "1//refresh-token-value",
  "runner-bearer-value",
];

const SERVICE_ACCOUNT = {
  type: "service_account",
  project_id: "p",
  private_key_id: "kid",
  private_key: PRIVATE_KEY,
  client_email: "sa@p.iam.gserviceaccount.com",
};
const AUTHORIZED_USER = {
  type: "authorized_user",
  client_id: "123.apps.googleusercontent.com",
  client_secret: "client-secret-value",
  refresh_token: "1//refresh-token-value",
};
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh";
const INVALID = "ERR_CREDENTIALS_FIELD_INVALID";
const MISSING = "ERR_CREDENTIALS_FIELD_MISSING";
const EXTERNAL = {
  type: "external_account",
  audience: AUDIENCE,
  subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
  token_url: "https://sts.googleapis.com/v1/token",
  credential_source: {
    url: "https://runner.example/token?audience=x",
    headers: { Authorization: "Bearer runner-bearer-value" },
    format: { type: "json", subject_token_field_name: "value" },
  },
  service_account_impersonation_url:
    "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/ci@my-proj.iam.gserviceaccount.com:generateAccessToken",
};
const IMPERSONATED = {
  type: "impersonated_service_account",
  service_account_impersonation_url:
    "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/target@p.iam.gserviceaccount.com:generateAccessToken",
  source_credentials: AUTHORIZED_USER,
  delegates: ["d@p.iam.gserviceaccount.com"],
};

function without(value: Record<string, unknown>, field: string): Record<string, unknown> {
  const { [field]: _, ...rest } = value;
  return rest;
}

function source(change: Record<string, unknown>, drop?: string): Record<string, unknown> {
  const base = { ...EXTERNAL.credential_source, ...change };
  return { ...EXTERNAL, credential_source: drop === undefined ? base : without(base, drop) };
}

/** An AWS file as gcloud writes it (`--aws`), with `change` to its credential_source. */
function aws(change: Record<string, unknown>): Record<string, unknown> {
  return {
    ...EXTERNAL,
    credential_source: {
      environment_id: "aws1",
      region_url: "http://169.254.169.254/latest/meta-data/placement/availability-zone",
      url: "http://169.254.169.254/latest/meta-data/iam/security-credentials",
      regional_cred_verification_url:
        "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
      ...change,
    },
  };
}

/** An executable file as gcloud writes it, with `change` to its executable. */
function executable(change: Record<string, unknown>): Record<string, unknown> {
  return {
    ...EXTERNAL,
    credential_source: { executable: { command: "/usr/bin/mytool --arg", ...change } },
  };
}

type Case = [name: string, json: string | object, code: string, message: RegExp];

const CASES: Case[] = [
  ["empty text", "  ", "ERR_CREDENTIALS_MALFORMED", /it is empty/],
  [
    "not JSON",
    `{"private_key": "${PRIVATE_KEY.slice(0, 40)}`,
    "ERR_CREDENTIALS_MALFORMED",
    /not valid JSON/,
  ],
  ["a JSON array", "[1]", "ERR_CREDENTIALS_MALFORMED", /not a JSON object/],
  ["no type", without(SERVICE_ACCOUNT, "type"), "ERR_CREDENTIALS_MALFORMED", /no "type"/],
  [
    "type not a string",
    { ...SERVICE_ACCOUNT, type: 7 },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"type" is not a string/,
  ],
  [
    "unknown type",
    { type: "gdch_service_account" },
    "ERR_CREDENTIALS_UNSUPPORTED",
    /"gdch_service_account", expected one of/,
  ],
  ...["client_email", "private_key"].map((field): Case => [
    `service_account without ${field}`,
    without(SERVICE_ACCOUNT, field),
    "ERR_KEY_FIELD_MISSING",
    new RegExp(`\\(service_account\\): missing or empty "${field}"`),
  ]),
  [
    "service_account with an empty client_email",
    { ...SERVICE_ACCOUNT, client_email: " " },
    "ERR_KEY_FIELD_MISSING",
    /missing or empty "client_email"/,
  ],
  [
    "service_account with a client_email that is not a string",
    { ...SERVICE_ACCOUNT, client_email: 7 },
    "ERR_KEY_FIELD_INVALID",
    /\(service_account\): "client_email" is not a string/,
  ],
  [
    "service_account private_key not PEM",
    { ...SERVICE_ACCOUNT, private_key: "client-secret-value" },
    "ERR_KEY_PRIVATE_KEY_INVALID",
    /"private_key" is not a PEM PKCS #8 key \(BEGIN PRIVATE KEY\)/,
  ],
  [
    "service_account private_key without its END line",
    { ...SERVICE_ACCOUNT, private_key: PRIVATE_KEY.replace("-----END PRIVATE KEY-----\n", "") },
    "ERR_KEY_PRIVATE_KEY_INVALID",
    /\(service_account\): "private_key" has no END PRIVATE KEY line: it was cut short/,
  ],
  [
    "service_account private_key in PKCS #1",
    {
      ...SERVICE_ACCOUNT,
      private_key: PRIVATE_KEY.replaceAll("PRIVATE KEY", "RSA PRIVATE KEY"),
    },
    "ERR_KEY_PRIVATE_KEY_INVALID",
    /"private_key" is PKCS #1 .*`openssl pkcs8 -topk8 -nocrypt -in key\.pem`/,
  ],
  [
    "service_account token_uri not a URL",
    { ...SERVICE_ACCOUNT, token_uri: "file:///etc/passwd" },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"token_uri" is not an http\(s\) URL/,
  ],
  [
    "service_account universe_domain not a string",
    { ...SERVICE_ACCOUNT, universe_domain: 1 },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"universe_domain" is not a string/,
  ],
  ...["client_id", "client_secret", "refresh_token"].map((field): Case => [
    `authorized_user without ${field}`,
    without(AUTHORIZED_USER, field),
    "ERR_CREDENTIALS_FIELD_MISSING",
    new RegExp(`\\(authorized_user\\): "${field}" is missing`),
  ]),
  [
    "authorized_user refresh_token not a string",
    { ...AUTHORIZED_USER, refresh_token: 5 },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"refresh_token" is not a string/,
  ],
  ...["audience", "subject_token_type", "credential_source"].map((field): Case => [
    `external_account without ${field}`,
    without(EXTERNAL, field),
    "ERR_CREDENTIALS_FIELD_MISSING",
    new RegExp(`"${field}" is missing`),
  ]),
  [
    "external_account token_url not a URL",
    { ...EXTERNAL, token_url: "sts" },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"token_url" is not an http\(s\) URL/,
  ],
  [
    "external_account credential_source not an object",
    { ...EXTERNAL, credential_source: "x" },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"credential_source" is not an object/,
  ],
  [
    "credential_source with neither url nor file",
    source({}, "url"),
    "ERR_CREDENTIALS_FIELD_MISSING",
    /none of "url" and "file"/,
  ],
  [
    "credential_source url not http(s)",
    source({ url: "ftp://x" }),
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"url" is not an http\(s\) URL/,
  ],
  [
    "credential_source empty file",
    { ...EXTERNAL, credential_source: { file: "" } },
    "ERR_CREDENTIALS_FIELD_MISSING",
    /"file" is missing/,
  ],
  [
    "credential_source header not a string",
    source({ headers: { Authorization: 1 } }),
    "ERR_CREDENTIALS_FIELD_INVALID",
    /header "Authorization" is not a string/,
  ],
  [
    "format type unknown",
    source({ format: { type: "xml" } }),
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"type" is "xml", expected "text" or "json"/,
  ],
  [
    "json format without subject_token_field_name",
    source({ format: { type: "json" } }),
    "ERR_CREDENTIALS_FIELD_MISSING",
    /format\): "subject_token_field_name" is missing/,
  ],
  [
    "AWS source without regional_cred_verification_url",
    {
      ...EXTERNAL,
      credential_source: { environment_id: "aws1", region_url: "http://169.254.169.254" },
    },
    "ERR_CREDENTIALS_FIELD_MISSING",
    /credential_source\): "regional_cred_verification_url" is missing/,
  ],
  [
    "AWS environment_id not awsN",
    aws({ environment_id: "aws" }),
    INVALID,
    /"aws", expected "aws1"/,
  ],
  [
    "AWS environment_id of another version",
    aws({ environment_id: "aws2" }),
    "ERR_CREDENTIALS_UNSUPPORTED",
    /"aws2": only version 1/,
  ],
  ["AWS environment_id not a string", aws({ environment_id: 1 }), INVALID, /not a string/],
  [
    "AWS verification URL of another AWS call",
    aws({ regional_cred_verification_url: "https://iam.amazonaws.com/?Action=CreateAccessKey" }),
    INVALID,
    /"regional_cred_verification_url" must be AWS STS's GetCallerIdentity URL/,
  ],
  [
    "AWS verification URL over http",
    aws({
      regional_cred_verification_url: "http://sts.{region}.amazonaws.com?Action=GetCallerIdentity",
    }),
    INVALID,
    /GetCallerIdentity URL/,
  ],
  [
    "AWS verification URL on another host",
    aws({ regional_cred_verification_url: "https://sts.example.com?Action=GetCallerIdentity" }),
    INVALID,
    /GetCallerIdentity URL/,
  ],
  [
    "AWS verification URL with a second Action (signed, then handed to token_url)",
    aws({
      regional_cred_verification_url:
        "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15&Action=AssumeRole",
    }),
    INVALID,
    /GetCallerIdentity URL \(one Action=GetCallerIdentity, one Version=2011-06-15, nothing else\)/,
  ],
  [
    "AWS verification URL with a second Version",
    aws({
      regional_cred_verification_url:
        "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15&Version=1",
    }),
    INVALID,
    /GetCallerIdentity URL/,
  ],
  [
    "AWS verification URL without a Version",
    aws({
      regional_cred_verification_url: "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity",
    }),
    INVALID,
    /GetCallerIdentity URL/,
  ],
  [
    "AWS verification URL with another parameter",
    aws({
      regional_cred_verification_url:
        "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15&action=AssumeRole",
    }),
    INVALID,
    /GetCallerIdentity URL/,
  ],
  [
    "AWS region_url not http(s)",
    aws({ region_url: "file:///zone" }),
    INVALID,
    /"region_url" is not/,
  ],
  [
    "AWS url with a password",
    aws({ url: "http://user:runner-bearer-value@169.254.169.254/x" }),
    "ERR_CREDENTIALS_URL_USERINFO",
    /"url" holds a user name or password/,
  ],
  [
    "AWS imdsv2_session_token_url not a string",
    aws({ imdsv2_session_token_url: 5 }),
    INVALID,
    /"imdsv2_session_token_url" is not a string/,
  ],
  ["AWS and file together", aws({ file: "/t" }), INVALID, /"environment_id" and "file"; keep one/],
  [
    "executable not an object",
    { ...EXTERNAL, credential_source: { executable: "x" } },
    INVALID,
    /"executable" is not an object/,
  ],
  ["executable without command", executable({ command: " " }), MISSING, /"command" is missing/],
  ["executable command no program", executable({ command: '""' }), INVALID, /names no program/],
  [
    "executable timeout below 5 s",
    executable({ timeout_millis: 1000 }),
    INVALID,
    /executable\): "timeout_millis" must be a whole number from 5000 to 120000/,
  ],
  [
    "executable timeout a string",
    executable({ timeout_millis: "30000" }),
    INVALID,
    /timeout_millis/,
  ],
  ["executable timeout above 2 min", executable({ timeout_millis: 120001 }), INVALID, /120000/],
  ["executable output_file a number", executable({ output_file: 1 }), INVALID, /"output_file"/],
  [
    "executable and url together",
    { ...EXTERNAL, credential_source: { executable: { command: "x" }, url: "https://x" } },
    INVALID,
    /"executable" and "url"; keep one/,
  ],
  [
    "certificate source naming no certificate configuration",
    { ...EXTERNAL, credential_source: { certificate: {} } },
    INVALID,
    /needs "use_default_certificate_config": true or "certificate_config_location"/,
  ],
  [
    "certificate source naming both configurations",
    {
      ...EXTERNAL,
      credential_source: {
        certificate: { use_default_certificate_config: true, certificate_config_location: "/c" },
      },
    },
    INVALID,
    /"use_default_certificate_config": true and "certificate_config_location"; keep one/,
  ],
  [
    "certificate source and a file together",
    { ...EXTERNAL, credential_source: { certificate: {}, file: "/t" } },
    INVALID,
    /"certificate" and "file"; keep one/,
  ],
  [
    "impersonation URL of another method",
    {
      ...EXTERNAL,
      service_account_impersonation_url:
        "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/a@p.iam.gserviceaccount.com:signJwt",
    },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /service_account_impersonation_url" is not/,
  ],
  [
    "impersonation URL with a bad email",
    {
      ...EXTERNAL,
      service_account_impersonation_url:
        "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/a%20b:generateAccessToken",
    },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /has an invalid service account email/,
  ],
  [
    "token_lifetime_seconds too long",
    { ...EXTERNAL, service_account_impersonation: { token_lifetime_seconds: 43201 } },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"token_lifetime_seconds" must be a whole number from 600 to 43200/,
  ],
  [
    "token_lifetime_seconds a string",
    { ...EXTERNAL, service_account_impersonation: { token_lifetime_seconds: "3600" } },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /token_lifetime_seconds/,
  ],
  [
    "workforce_pool_user_project with a workload audience",
    { ...EXTERNAL, workforce_pool_user_project: "p" },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /needs a workforce pool audience/,
  ],
  // STS client authentication is supported since issue 20; a secret needs its client id.
  [
    "STS client secret without a client id",
    { ...EXTERNAL, client_secret: "client-secret-value" },
    "ERR_CREDENTIALS_FIELD_MISSING",
    /"client_secret" is set without "client_id"/,
  ],
  ...["service_account_impersonation_url", "source_credentials"].map((field): Case => [
    `impersonated_service_account without ${field}`,
    without(IMPERSONATED, field),
    "ERR_CREDENTIALS_FIELD_MISSING",
    new RegExp(`"${field}" is missing`),
  ]),
  [
    "impersonated source of unknown type",
    { ...IMPERSONATED, source_credentials: { type: "impersonated_service_account" } },
    "ERR_CREDENTIALS_UNSUPPORTED",
    /"type" is "impersonated_service_account", expected one of authorized_user, service_account, external_account$/,
  ],
  [
    "impersonated source missing a field",
    { ...IMPERSONATED, source_credentials: without(AUTHORIZED_USER, "refresh_token") },
    "ERR_CREDENTIALS_FIELD_MISSING",
    /source_credentials\): "refresh_token" is missing/,
  ],
  [
    "delegates not a list",
    { ...IMPERSONATED, delegates: "d@p.iam.gserviceaccount.com" },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"delegates" is not a list of strings/,
  ],
  [
    "delegates with a bad entry",
    { ...IMPERSONATED, delegates: ["not an email"] },
    "ERR_CREDENTIALS_FIELD_INVALID",
    /"delegates"/,
  ],
];

Deno.test("every malformed credentials file gets a named error before any call", async (t) => {
  let calls = 0;
  const fetch = () => (calls++, Promise.reject(new Error("no call expected")));
  for (const [name, json, code, message] of CASES) {
    await t.step(name, () => {
      let caught: unknown;
      try {
        credentialsFromJson(typeof json === "string" ? json : structuredClone(json), { fetch });
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof CredentialsError, `${name}: ${String(caught)}`);
      assert.equal(caught.code, code, caught.message);
      assert.match(caught.message, message);
      assert.match(caught.message, /^Cannot use credentials JSON/);
      for (const secret of SECRETS) {
        assert.ok(!caught.message.includes(secret) && !caught.hint.includes(secret), name);
      }
    });
  }
  assert.equal(calls, 0);
});

Deno.test("every valid type parses without a call and reports what the file says", () => {
  const fetch = () => Promise.reject(new Error("no call expected"));
  const sa = credentialsFromJson(JSON.stringify({ ...SERVICE_ACCOUNT, quota_project_id: "q" }), {
    fetch,
  });
  assert.deepEqual(
    [sa.type, sa.projectId, sa.quotaProjectId, sa.universeDomain, sa.serviceAccountEmail],
    ["service_account", "p", "q", "googleapis.com", "sa@p.iam.gserviceaccount.com"],
  );
  const external = credentialsFromJson({ ...EXTERNAL, universe_domain: "example.com" }, { fetch });
  assert.deepEqual(
    [external.type, external.projectId, external.universeDomain, external.serviceAccountEmail],
    ["external_account", "my-proj", "example.com", "ci@my-proj.iam.gserviceaccount.com"],
  );
  const direct = credentialsFromJson(without(EXTERNAL, "service_account_impersonation_url"), {
    fetch,
  });
  assert.equal(direct.projectId, undefined);
  assert.equal(direct.serviceAccountEmail, undefined);
  const impersonated = credentialsFromJson(IMPERSONATED, { fetch });
  assert.equal(impersonated.serviceAccountEmail, "target@p.iam.gserviceaccount.com");
  const user = credentialsFromJson(AUTHORIZED_USER, { fetch });
  assert.deepEqual([user.type, user.projectId], ["authorized_user", undefined]);
});

Deno.test("Credentials has its five fields as own properties, undefined when the file lacks them", () => {
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "id",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  });
  assert.deepEqual(Object.entries(credentials), [
    ["type", "authorized_user"],
    ["projectId", undefined],
    ["universeDomain", "googleapis.com"],
    ["quotaProjectId", undefined],
    ["serviceAccountEmail", undefined],
  ]);
});

Deno.test("a parse reads a file's universe_domain once, however many parts use it", async (t) => {
  const files: Record<string, Record<string, unknown>> = {
    service_account: SERVICE_ACCOUNT,
    authorized_user: AUTHORIZED_USER,
    external_account: EXTERNAL,
  };
  for (const [type, file] of Object.entries(files)) {
    await t.step(type, () => {
      let reads = 0;
      const counted = Object.defineProperty({ ...file }, "universe_domain", {
        enumerable: true,
        get: () => (reads++, "example.com"),
      });
      const credentials = credentialsFromJson(counted);
      assert.equal(credentials.universeDomain, "example.com");
      assert.equal(reads, 1);
    });
  }
});

Deno.test("credentialsFromJson() names an un-awaited promise of the JSON", () => {
  const pending = Promise.resolve(JSON.stringify(SERVICE_ACCOUNT));
  assert.throws(() => credentialsFromJson(pending), {
    code: "ERR_CREDENTIALS_MALFORMED",
    message: /it is a promise: await the JSON/,
  });
});

Deno.test("a URL field that is not http(s) is named, not quoted: its query may carry a token", () => {
  const file = { ...SERVICE_ACCOUNT, token_uri: "ftp://h.example/token?access_token=ya29.secret" };
  assert.throws(() => credentialsFromJson(file), (error: Error) => {
    assert.match(error.message, /"token_uri" is not an http\(s\) URL$/);
    assert.doesNotMatch(error.message, /ya29\.secret/);
    return true;
  });
});

Deno.test("credentialsFromJson() and a key's token never read globalThis.process under Deno", async () => {
  // Deno's `process` loads its Node compatibility layer on first read (about 27 ms of a cold
  // start): a Deno program with a key must not pay for it.
  const { key } = await testKey();
  const fetch = () => Promise.resolve(Response.json({ access_token: "ya29.k", expires_in: 3600 }));
  const original = Object.getOwnPropertyDescriptor(globalThis, "process")!;
  let reads = 0;
  Object.defineProperty(globalThis, "process", {
    configurable: true,
    get() {
      reads++;
      return original.get ? original.get.call(globalThis) : original.value;
    },
  });
  try {
    const credentials = credentialsFromJson(key, { fetch });
    assert.equal((await credentials.getAccessToken()).token, "ya29.k");
  } finally {
    Object.defineProperty(globalThis, "process", original);
  }
  assert.equal(reads, 0);
});
