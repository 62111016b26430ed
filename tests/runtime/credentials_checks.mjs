// Behaviour checks of the credentials API that run unchanged in any runtime, and in a Worker with
// only fetch, crypto.subtle and an injected readFile: plain JavaScript, no import at all (the
// caller passes node:assert's functions or its own). The caller gives the credentials files the
// emulator made; the checks return the tokens they got, for the caller to check with the
// emulator, and how many checks passed. The first failure throws.

/**
 * @typedef {object} Fixture
 * @property {Record<string, string>} files Credentials JSON text by type: external_account (the
 *   step's file), service_account, authorized_user, impersonated_service_account.
 * @property {string} metadataHost The emulator's metadata server, as GCE_METADATA_HOST.
 * @property {string} workforceUser An external_account_authorized_user file of the emulator.
 * @property {string} stsTokenUrl The emulator's STS token URL (downscoping).
 * @property {string} storageUrl The emulator's Cloud Storage base (`…/storage/v1`).
 * @property {string} googleCertsUrl Where the emulator serves the keys its ID tokens verify with.
 * @property {string} [stepFilePath] A real file holding the step's file, read with the
 *   runtime's own readFile (omitted where there is no file system).
 * @property {string} [fifoPath] A FIFO no one writes to (omitted where there is none).
 * @property {{ file: string, env: Record<string, string> }} aws An AWS file whose metadata URLs
 *   and token_url are the emulator's, and an IAM user's keys and region.
 * @property {{ file: string, command?: string, runExecutable?: any }} executable An executable
 *   source; `command` (the program that prints the token, for this runtime) where a process can
 *   be started, with `runExecutable` unless the auth module has a default runner.
 * @property {{ file: string, certificate: string, presents: boolean }} x509 An X.509 file
 *   naming the configuration /x509/config.json, the workload's certificate (PEM), and whether
 *   this runtime presents a client certificate without a fetch option.
 * @property {(value: unknown, message?: string) => void} ok
 * @property {(actual: unknown, expected: unknown, message?: string) => void} equal
 */

const AUDIENCE = "https://service.example.run.app";

/**
 * @param {any} authMod The auth module namespace.
 * @param {Fixture} fixture
 * @returns {Promise<{ checks: number, tokens: [string, string][] }>}
 */
export default async function check(authMod, fixture) {
  const {
    credentialsFromJson,
    loadCredentials,
    AuthError,
    verifyIdToken,
    credentialsFromApiKey,
    downscopedCredentials,
  } = authMod;
  const { ok, equal } = fixture;
  /** @type {[string, string][]} */
  const tokens = [];
  const files = { "/adc/step.json": fixture.files.external_account };
  /** @param {string} path */
  const readFile = (path) =>
    path in files
      ? Promise.resolve(files[/** @type {"/adc/step.json"} */ (path)])
      : Promise.reject(Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" }));

  /** @type {[string, () => Promise<void>][]} */
  const checks = [
    ["every file type mints an access token and an ID token that verifies", async () => {
      await Promise.all(
        Object.entries(fixture.files).map(async ([type, json]) => {
          const credentials = credentialsFromJson(json);
          equal(credentials.type, type);
          const [access, id] = await Promise.all([
            credentials.getAccessToken(),
            credentials.getIdToken(AUDIENCE),
          ]);
          ok(access.expiresAt instanceof Date && id.expiresAt instanceof Date, type);
          tokens.push([type, access.token]);
          // A user's ID token is for the OAuth client, whatever audience was asked (as Google's).
          const audience = type === "authorized_user" ? JSON.parse(json).client_id : AUDIENCE;
          const claims = await verifyIdToken(id.token, {
            audience,
            certsUrl: fixture.googleCertsUrl,
          });
          equal(claims.aud, audience, type);
        }),
      );
    }],
    [
      "loadCredentials reads GOOGLE_APPLICATION_CREDENTIALS through the injected readFile",
      async () => {
        const credentials = await loadCredentials({
          env: { GOOGLE_APPLICATION_CREDENTIALS: "/adc/step.json" },
          readFile,
        });
        equal(credentials.type, "external_account");
        tokens.push(["external_account", (await credentials.getAccessToken()).token]);
      },
    ],
    ["loadCredentials falls back to the metadata server", async () => {
      const credentials = await loadCredentials({
        env: { GCE_METADATA_HOST: fixture.metadataHost },
        readFile,
      });
      equal(credentials.type, "metadata_server");
      ok(typeof credentials.projectId === "string" && credentials.projectId !== "");
      const headers = await credentials.getRequestHeaders();
      ok(/^Bearer \S+$/.test(headers.authorization ?? ""));
      tokens.push(["metadata_server", headers.authorization.slice("Bearer ".length)]);
    }],
    ["a workforce user's file, downscoping and an API key", async () => {
      const user = credentialsFromJson(fixture.workforceUser);
      equal(user.type, "external_account_authorized_user");
      const userToken = (await user.getAccessToken()).token;
      tokens.push(["external_account_authorized_user", userToken]);
      const source = credentialsFromJson(fixture.files.service_account);
      const narrowed = downscopedCredentials(source, {
        accessBoundary: {
          accessBoundaryRules: [{
            availableResource: "//storage.googleapis.com/projects/_/buckets/emulated-bucket",
            availablePermissions: ["inRole:roles/storage.objectViewer"],
          }],
        },
      }, { tokenUrl: fixture.stsTokenUrl });
      const object = await narrowed.fetch(
        `${fixture.storageUrl}/b/emulated-bucket/o/hello.txt?alt=media`,
      );
      equal(object.status, 200);
      await object.text();
      const elsewhere = await narrowed.fetch(`${fixture.storageUrl}/b/other-bucket/o/x?alt=media`);
      equal(elsewhere.status, 403);
      await elsewhere.text();
      tokens.push(["downscoped", (await narrowed.getAccessToken()).token]);
      const key = credentialsFromApiKey("AIzaSyExampleKey");
      equal((await key.getRequestHeaders())["x-goog-api-key"], "AIzaSyExampleKey");
    }],
    ["50 concurrent getAccessToken() calls make one set of requests", async () => {
      let calls = 0;
      /** @type {typeof fetch} */
      const counting = (input, init) => (calls++, fetch(input, init));
      const credentials = credentialsFromJson(fixture.files.external_account, { fetch: counting });
      const all = await Promise.all(Array.from({ length: 50 }, () => credentials.getAccessToken()));
      equal(new Set(all.map((token) => token.token)).size, 1);
      equal(calls, 3); // subject token, STS, IAM Credentials
    }],
    [
      "an AWS file signs GetCallerIdentity with the EC2 metadata service's credentials",
      async () => {
        const credentials = credentialsFromJson(fixture.aws.file, { env: {} });
        tokens.push(["external_account", (await credentials.getAccessToken()).token]);
      },
    ],
    [
      "an AWS configuration made in code takes its keys from awsSecurityCredentialsSupplier",
      async () => {
        const { credential_source: _, token_info_url: __, ...config } = JSON.parse(
          fixture.aws.file,
        );
        const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION } = fixture.aws.env;
        const credentials = credentialsFromJson(config, {
          awsSecurityCredentialsSupplier: {
            getAwsRegion: () => Promise.resolve(AWS_REGION),
            getAwsSecurityCredentials: () =>
              Promise.resolve({
                accessKeyId: AWS_ACCESS_KEY_ID,
                secretAccessKey: AWS_SECRET_ACCESS_KEY,
              }),
          },
        });
        tokens.push(["external_account", (await credentials.getAccessToken()).token]);
      },
    ],
    ["a configuration made in code takes its subject token from subjectTokenSupplier", async () => {
      const { credential_source: _, ...config } = JSON.parse(fixture.executable.file);
      let asked = 0;
      const credentials = credentialsFromJson(config, {
        subjectTokenSupplier: {
          getSubjectToken: () => (asked++, Promise.resolve(fixture.executable.subjectToken)),
        },
      });
      tokens.push(["external_account", (await credentials.getAccessToken()).token]);
      equal(asked, 1);
    }],
    [
      fixture.executable.command === undefined
        ? "an executable source is ERR_EXECUTABLE_UNAVAILABLE where no process can be started"
        : "an executable source runs its program",
      async () => {
        const { command, runExecutable } = fixture.executable;
        const file = JSON.parse(fixture.executable.file);
        if (command !== undefined) file.credential_source.executable.command = command;
        const credentials = credentialsFromJson(file, {
          env: { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" },
          ...(runExecutable === undefined ? {} : { runExecutable }),
        });
        if (command !== undefined) {
          tokens.push(["external_account", (await credentials.getAccessToken()).token]);
          return;
        }
        try {
          await credentials.getAccessToken();
        } catch (error) {
          ok(error instanceof AuthError);
          equal(/** @type {any} */ (error).code, "ERR_EXECUTABLE_UNAVAILABLE");
          return;
        }
        throw new Error("expected ERR_EXECUTABLE_UNAVAILABLE");
      },
    ],
    [
      "an X.509 source sends its certificate through a fetch that presents it, or the runtime's",
      async () => {
        const x509Files = {
          "/x509/config.json": JSON.stringify({
            cert_configs: { workload: { cert_path: "/x509/cert.pem", key_path: "/x509/key.pem" } },
          }),
          "/x509/cert.pem": fixture.x509.certificate,
        };
        /** @type {string[]} */
        const read = [];
        /** @param {string} path */
        const readX509 = (path) => {
          read.push(path);
          return path in x509Files
            ? Promise.resolve(x509Files[/** @type {keyof typeof x509Files} */ (path)])
            : Promise.reject(Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" }));
        };
        /** @type {any} */
        let body;
        const credentials = credentialsFromJson(fixture.x509.file, {
          readFile: readX509,
          // As a Worker's mtls_certificates binding: the fetch holds the key.
          fetch: (/** @type {unknown} */ _url, /** @type {any} */ init) => {
            body = JSON.parse(String(init.body));
            return Promise.resolve(Response.json({ access_token: "x509-token", expires_in: 3600 }));
          },
        });
        equal((await credentials.getAccessToken()).token, "x509-token");
        equal(body.subjectTokenType, "urn:ietf:params:oauth:token-type:mtls");
        equal(JSON.parse(body.subjectToken).length, 1);
        equal(read.join(" "), "/x509/config.json /x509/cert.pem", "the key is not read");
        let refusal;
        try {
          credentialsFromJson(fixture.x509.file, { readFile: readX509 });
        } catch (error) {
          refusal = error;
        }
        equal(
          refusal === undefined ? undefined : refusal.code,
          fixture.x509.presents ? undefined : "ERR_CREDENTIALS_UNSUPPORTED",
        );
      },
    ],
    ["a malformed file is a named error before any call", () => {
      try {
        credentialsFromJson({ type: "external_account", audience: "x" });
      } catch (error) {
        ok(error instanceof AuthError);
        equal(/** @type {any} */ (error).code, "ERR_CREDENTIALS_FIELD_MISSING");
        return Promise.resolve();
      }
      throw new Error("expected ERR_CREDENTIALS_FIELD_MISSING");
    }],
  ];
  if (fixture.stepFilePath !== undefined) {
    checks.push(["the runtime's own readFile reads a real credentials file", async () => {
      const credentials = await loadCredentials({
        env: { GOOGLE_APPLICATION_CREDENTIALS: fixture.stepFilePath },
      });
      tokens.push(["external_account", (await credentials.getAccessToken()).token]);
    }]);
  }
  const fifo = fixture.fifoPath;
  if (fifo !== undefined) {
    /** @param {Promise<unknown>} promise @param {string} code */
    const refusedAtOnce = async (promise, code) => {
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve("still pending after 3 s"), 3000);
      });
      const outcome = await Promise.race([promise.then(() => "resolved", (error) => error), late]);
      clearTimeout(timer);
      ok(outcome instanceof AuthError, String(outcome));
      equal(/** @type {any} */ (outcome).code, code);
      ok(/not a regular file/.test(/** @type {any} */ (outcome).message), String(outcome));
    };
    checks.push(["a credential_source.file that is a FIFO is refused at once", async () => {
      const credentials = credentialsFromJson({
        type: "external_account",
        audience:
          "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
        subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        credential_source: { file: fifo },
      }, { signal: AbortSignal.timeout(2000) });
      await refusedAtOnce(credentials.getAccessToken(), "ERR_SUBJECT_TOKEN_FAILED");
    }]);
    checks.push(["GOOGLE_APPLICATION_CREDENTIALS naming a FIFO is refused at once", async () => {
      await refusedAtOnce(
        loadCredentials({
          env: { GOOGLE_APPLICATION_CREDENTIALS: fifo },
          signal: AbortSignal.timeout(500),
        }),
        "ERR_CREDENTIALS_UNREADABLE",
      );
    }]);
  }
  for (const [name, run] of checks) {
    try {
      await run();
    } catch (error) {
      throw new Error(`credentials check failed: ${name}`, { cause: error });
    }
  }
  return { checks: checks.length, tokens };
}
