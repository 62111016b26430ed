// Credentials JSON from someone else: a URL with user:password@ in any field is refused up front
// without quoting the password, and refuseLocalSources refuses the sources that read this machine.
import assert from "node:assert/strict";
import { AuthError, credentialsFromJson, loadCredentials } from "../../../auth/mod.ts";
import { generateAccessToken } from "../../../auth/flows/mod.ts";
import { validateAuthenticateOptions } from "../../../auth/authenticate/options.ts";
import { fakeFiles } from "../../support/fake_files.ts";

const PASSWORD = "hunter2-url-password";
const USERINFO = `https://user:${PASSWORD}@`;
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh";
const IMPERSONATION =
  "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/ci@p.iam.gserviceaccount.com:generateAccessToken";

const user = {
  type: "authorized_user",
  client_id: "id.apps.googleusercontent.com",
  client_secret: "client-secret",
  refresh_token: "1//refresh-token",
};

function external(overrides: Record<string, unknown>) {
  return {
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    credential_source: { url: "https://idp.example/token" },
    ...overrides,
  };
}

Deno.test("a URL with user:password@ in any field of the credentials is refused up front", async (t) => {
  const cases: [string, object][] = [
    ["token_uri", { ...user, token_uri: `${USERINFO}oauth2.googleapis.com/token` }],
    ["token_url", external({ token_url: `${USERINFO}sts.googleapis.com/v1/token` })],
    ["url", external({ credential_source: { url: `${USERINFO}idp.example/token` } })],
    [
      "service_account_impersonation_url",
      external({ service_account_impersonation_url: IMPERSONATION.replace("https://", USERINFO) }),
    ],
    ["token_uri", {
      type: "impersonated_service_account",
      service_account_impersonation_url: IMPERSONATION,
      source_credentials: { ...user, token_uri: `${USERINFO}oauth2.googleapis.com/token` },
    }],
    // Only a user name, and a password that is not a valid URL's.
    ["token_uri", { ...user, token_uri: `https://${PASSWORD}@oauth2.googleapis.com/token` }],
  ];
  for (const [field, json] of cases) {
    await t.step(`${field} in ${(json as { type: string }).type}`, async () => {
      let calls = 0;
      const fetch = () => (calls++, Promise.reject(new TypeError("no call expected")));
      for (
        const make of [
          () => Promise.resolve().then(() => credentialsFromJson(json, { fetch })),
          () => loadCredentials({ credentials: json, fetch }),
        ]
      ) {
        await assert.rejects(make(), (error) => {
          assert.ok(error instanceof AuthError);
          assert.equal(error.code, "ERR_CREDENTIALS_URL_USERINFO");
          assert.match(error.message, new RegExp(`"${field}" holds a user name or password`));
          assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(PASSWORD));
          return true;
        });
      }
      assert.equal(calls, 0);
    });
  }
});

/** `user:password@` as new URL() and fetch read it, without `//`: no test of the text finds it. */
const SPELLINGS = [
  `http:\\\\user:${PASSWORD}@`,
  `http:/user:${PASSWORD}@`,
  `http:user:${PASSWORD}@`,
  `ht\ttp://user:${PASSWORD}@`,
];

Deno.test("a request URL with user:password@ in any spelling fetch reads is never sent, retried or quoted", async (t) => {
  for (const userinfo of [USERINFO, ...SPELLINGS]) {
    await t.step(JSON.stringify(userinfo.slice(0, 7)), async () => {
      let calls = 0;
      const lines: string[] = [];
      await assert.rejects(
        generateAccessToken({
          serviceAccount: "ci@p.iam.gserviceaccount.com",
          authToken: "federated-token",
          baseUrl: `${userinfo}iamcredentials.googleapis.com/v1`,
          fetch: (url) => (calls++, Promise.reject(new TypeError(`cannot fetch ${url}`))),
          sleep: () => Promise.resolve(),
          log: { debug: (line: string) => void lines.push(line), info: () => {} },
        }),
        (error) => {
          assert.ok(error instanceof AuthError);
          assert.match(error.message, /holds a user name or password/);
          assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(PASSWORD));
          return true;
        },
      );
      assert.equal(calls, 0);
      assert.deepEqual(lines, []);
    });
  }
});

Deno.test("GCE_METADATA_HOST with user:password@ in any spelling is refused, never quoted", async (t) => {
  for (const userinfo of [`user:${PASSWORD}@`, ...SPELLINGS]) {
    for (const name of ["GCE_METADATA_HOST", "GCE_METADATA_ROOT", "GCE_METADATA_IP"]) {
      await t.step(`${name}=${JSON.stringify(userinfo.slice(0, 7))}`, async () => {
        let calls = 0;
        const fetch = () => (calls++, Promise.reject(new TypeError("no call expected")));
        await assert.rejects(
          loadCredentials({ env: { [name]: `${userinfo}127.0.0.1:1` }, fetch }),
          (error) => {
            assert.ok(error instanceof AuthError, String(error));
            assert.equal(error.code, "ERR_CREDENTIALS_URL_USERINFO");
            assert.match(error.message, new RegExp(`^Cannot use ${name}: it holds a user name`));
            assert.ok(!`${error.message} ${error.hint}`.includes(PASSWORD));
            return true;
          },
        );
        assert.equal(calls, 0);
      });
    }
  }
});

Deno.test("an endpoint override's password is not quoted when it is refused", () => {
  assert.throws(
    () =>
      validateAuthenticateOptions({
        workloadIdentityProvider:
          "projects/1/locations/global/workloadIdentityPools/pool/providers/prov",
        oidcRequest: { url: "https://runner.example/token", token: "t" },
        endpoints: { sts: `${USERINFO}sts.example/v1` },
      }),
    (error) => {
      assert.ok(error instanceof AuthError);
      assert.match(error.message, /https:\/\/…@sts\.example\/v1/);
      assert.ok(!error.message.includes(PASSWORD));
      return true;
    },
  );
});

Deno.test("refuseLocalSources refuses file and executable sources before any read", async (t) => {
  const reads: string[] = [];
  const readFile = (path: string) => (reads.push(path), Promise.resolve("token"));
  for (
    const [name, source] of [
      ["file", { file: "/proc/self/environ" }],
      ["executable", { executable: { command: "/bin/cat /proc/self/environ" } }],
    ] as const
  ) {
    await t.step(name, async () => {
      const json = external({ credential_source: source });
      for (
        const make of [
          () =>
            Promise.resolve().then(() =>
              credentialsFromJson(json, { readFile, refuseLocalSources: true })
            ),
          () => loadCredentials({ credentials: json, readFile, refuseLocalSources: true }),
          () =>
            loadCredentials({
              credentials: {
                type: "impersonated_service_account",
                service_account_impersonation_url: IMPERSONATION,
                source_credentials: json,
              },
              readFile,
              refuseLocalSources: true,
            }),
        ]
      ) {
        await assert.rejects(make(), (error) => {
          assert.ok(error instanceof AuthError);
          assert.equal(error.code, "ERR_CREDENTIALS_SOURCE_REFUSED");
          assert.match(error.message, new RegExp(`"${name}" reads the local machine`));
          return true;
        });
      }
    });
  }
  assert.deepEqual(reads, []);
  // A url source is still used, and without the option a file source is read as before.
  credentialsFromJson(external({}), { refuseLocalSources: true });
  const credentials = credentialsFromJson(external({ credential_source: { file: "/t" } }), {
    readFile,
    fetch: () => Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 })),
  });
  assert.equal((await credentials.getAccessToken()).token, "federated");
  assert.deepEqual(reads, ["/t"]);
});

Deno.test("allowedTypes refuses every other type before any read, run or call", async (t) => {
  const key = {
    type: "service_account",
    client_email: "sa@p.iam.gserviceaccount.com",
    private_key: "not read",
  };
  const impersonated = (source: object) => ({
    type: "impersonated_service_account",
    service_account_impersonation_url: IMPERSONATION,
    source_credentials: source,
  });
  const cases: [string, object, string[], RegExp][] = [
    ["a file source", external({ credential_source: { file: "/proc/self/environ" } }), [
      "service_account",
    ], /"type" is "external_account", and the allowedTypes option lists only service_account/],
    ["a user", user, ["service_account", "external_account"], /"type" is "authorized_user"/],
    // A key whose private_key is not PEM would be ERR_KEY_* once parsed: refused before that.
    ["a key", key, ["authorized_user"], /"type" is "service_account"/],
    [
      "an impersonated file's source",
      impersonated(external({ credential_source: { file: "/etc/passwd" } })),
      ["impersonated_service_account", "authorized_user"],
      /\(impersonated_service_account source_credentials\): "type" is "external_account", and the allowedTypes option lists only impersonated_service_account, authorized_user/,
    ],
  ];
  for (const [name, json, allowedTypes, message] of cases) {
    await t.step(name, async () => {
      let effects = 0;
      const options = {
        allowedTypes: allowedTypes as never,
        fetch: () => (effects++, Promise.reject(new TypeError("no call expected"))),
        readFile: () => (effects++, Promise.reject(new Error("no read expected"))),
        runExecutable: () => (effects++, Promise.reject(new Error("no run expected"))),
        env: { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" },
      };
      const expected = { code: "ERR_CREDENTIALS_TYPE_NOT_ALLOWED", message };
      assert.throws(() => credentialsFromJson(json, options), expected);
      await assert.rejects(loadCredentials({ ...options, credentials: json }), expected);
      assert.equal(effects, 0);
    });
  }
  await t.step("a listed type is made as usual, its source too", () => {
    const options = { allowedTypes: ["impersonated_service_account", "authorized_user"] as const };
    assert.equal(
      credentialsFromJson(impersonated(user), options).type,
      "impersonated_service_account",
    );
    assert.equal(credentialsFromJson(user, options).type, "authorized_user");
  });
  await t.step("the error carries its hint", () => {
    const error = (() => {
      try {
        credentialsFromJson(user, { allowedTypes: ["service_account"] });
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof AuthError);
    assert.match(error.hint, /allowedTypes/);
  });
  await t.step("a malformed list is ERR_OPTIONS_INVALID naming the option", () => {
    for (const allowedTypes of [[], ["downscoped"], ["service_account", 1], "service_account"]) {
      assert.throws(
        () => credentialsFromJson(user, { allowedTypes: allowedTypes as never }),
        { code: "ERR_OPTIONS_INVALID", message: /"allowedTypes"/ },
        JSON.stringify(allowedTypes),
      );
    }
  });
});

Deno.test("loadCredentials() with allowedTypes: a found file of another type is refused; the metadata server only when listed", async () => {
  const { readFile } = fakeFiles({ "/adc/user.json": JSON.stringify(user) });
  await assert.rejects(
    loadCredentials({
      allowedTypes: ["service_account"],
      env: { GOOGLE_APPLICATION_CREDENTIALS: "/adc/user.json" },
      readFile,
    }),
    { code: "ERR_CREDENTIALS_TYPE_NOT_ALLOWED", message: /credentials file "\/adc\/user\.json"/ },
  );
  // No file: the metadata server would be next, but the list leaves it out: nothing is asked.
  let calls = 0;
  const fetch = () => (calls++, Promise.resolve(new Response("", { status: 404 })));
  await assert.rejects(
    loadCredentials({
      allowedTypes: ["service_account"],
      env: { HOME: "/nowhere", METADATA_SERVER_DETECTION: "assume-present" },
      readFile,
      fetch,
    }),
    {
      code: "ERR_CREDENTIALS_NOT_FOUND",
      message: /the metadata server \(not in the allowedTypes option\)/,
    },
  );
  assert.equal(calls, 0);
  const onMetadata = await loadCredentials({
    allowedTypes: ["metadata_server"],
    env: {
      HOME: "/nowhere",
      METADATA_SERVER_DETECTION: "assume-present",
      GOOGLE_CLOUD_PROJECT: "p",
    },
    readFile,
    fetch,
  });
  assert.equal(onMetadata.type, "metadata_server");
});
