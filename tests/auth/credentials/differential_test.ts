// Differential: google-auth-library 11.3.4 and credentialsFromJson()/loadCredentials() get
// tokens from the same file (each supported type, and the metadata server) against one emulator,
// and the requests they send agree: method, path, query, body fields (JSON and form alike, JWT
// assertion claims but their times) and headers, transport headers aside. Each difference is
// listed here with its reason, and the same list is in docs/credentials.md.
import assert from "node:assert/strict";
import process from "node:process";
import { DownscopedClient, GoogleAuth, JWT } from "google-auth-library";
import { decodeJwt, decodeProtectedHeader } from "jose";
import {
  authenticate,
  credentialsFromApiKey,
  credentialsFromJson,
  downscopedCredentials,
  loadCredentials,
} from "../../../auth/mod.ts";
import { type RecordedRequest, startEmulator } from "../../../emulator/mod.ts";

/** Set by the runtime's HTTP stack, not by either library. */
const TRANSPORT = new Set([
  "user-agent",
  "host",
  "connection",
  "content-length",
  "accept-encoding",
  "accept-language",
]);

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function bodyFields(request: RecordedRequest): [string, string][] {
  if (request.body === "") return [];
  if ((request.headers["content-type"] ?? "").startsWith("application/json")) {
    return Object.entries(JSON.parse(request.body) as Record<string, unknown>).map((
      [name, value],
    ) => [snake(name), typeof value === "string" ? value : JSON.stringify(value)]);
  }
  return [...new URLSearchParams(request.body)];
}

/** What a request says, one fact per line; per-call values (tokens, times) are abstracted. */
function facts(request: RecordedRequest): string[] {
  const url = new URL(request.url);
  const out = [`${request.method} ${url.pathname}`];
  for (const [name, value] of url.searchParams) out.push(`query ${name}=${value}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (TRANSPORT.has(name)) continue;
    const shown = name === "authorization"
      ? value.replace(/ .*/, " <token>")
      : name === "x-aws-ec2-metadata-token"
      ? "<session token>"
      : name === "content-type"
      ? value.split(";")[0]!
      : value;
    out.push(`header ${name}=${shown}`);
  }
  for (const [name, value] of bodyFields(request)) {
    if (name === "assertion") {
      for (const [k, v] of Object.entries(decodeProtectedHeader(value))) {
        out.push(`assertion header ${k}=${String(v)}`);
      }
      for (const [k, v] of Object.entries(decodeJwt(value))) {
        if (k !== "iat" && k !== "exp") out.push(`assertion claim ${k}=${String(v)}`);
      }
    } else if (name === "subject_token") {
      const signed = awsRequest(value);
      if (signed === undefined) {
        out.push(`body subject_token=<${value.startsWith("eyJ") ? "jwt" : "other"}>`);
      } else out.push(...awsFacts(signed));
    } else {
      out.push(`body ${name}=${value}`);
    }
  }
  return out.sort();
}

interface AwsRequest {
  url: string;
  method: string;
  headers: { key: string; value: string }[];
}

/** An AWS subject token's signed GetCallerIdentity request, if `token` is one. */
function awsRequest(token: string): AwsRequest | undefined {
  try {
    const value = JSON.parse(decodeURIComponent(token));
    return Array.isArray(value.headers) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What a signed request says, its times, keys and signature abstracted. */
function awsFacts(signed: AwsRequest): string[] {
  const shown: Record<string, (value: string) => string> = {
    authorization: (value) =>
      value.replace(/Credential=\w+\/\d{8}\//, "Credential=<key>/<date>/").replace(
        /Signature=[0-9a-f]{64}/,
        "Signature=<signature>",
      ),
    "x-amz-date": () => "<date>",
    "x-amz-security-token": () => "<session token>",
  };
  return [
    `subject_token url=${signed.url}`,
    `subject_token method=${signed.method}`,
    `subject_token header order=${signed.headers.map((h) => h.key).join(",")}`,
    ...signed.headers.map(({ key, value }) =>
      `subject_token header ${key}=${shown[key]?.(value) ?? value}`
    ),
  ];
}

/** Facts only one side sent: `- ` google-auth-library only, `+ ` ours only. */
function differences(theirs: RecordedRequest[], ours: RecordedRequest[]): string[] {
  assert.deepEqual(ours.map((r) => r.route), theirs.map((r) => r.route), "same calls");
  return theirs.flatMap((request, index) => {
    const a = facts(request);
    const b = facts(ours[index]!);
    return [
      ...a.filter((fact) => !b.includes(fact)).map((fact) => `${request.route}: - ${fact}`),
      ...b.filter((fact) => !a.includes(fact)).map((fact) => `${request.route}: + ${fact}`),
    ];
  });
}

/** The documented differences (docs/credentials.md, "Differences from google-auth-library"). */
const ID_AUDIENCE = "https://service.example.run.app";
const ID_TOKEN_TYPES = new Set([
  "service_account",
  "authorized_user",
  "impersonated_service_account",
]);
const IAM_CREDENTIALS = "https://iamcredentials.googleapis.com/v1";
const TELEMETRY = /: - header x-goog-api-client=/;
const ACCEPT = /: [-+] header accept=/;
const EXPECTED: Record<string, RegExp[]> = {
  external_account: [
    TELEMETRY,
    // One STS client for the step and the library: JSON (STS takes JSON and forms alike).
    /^sts: [-+] header content-type=application\/(json|x-www-form-urlencoded)$/,
  ],
  service_account: [
    TELEMETRY,
    // The assertion's aud is the key's token_uri (google-auth-library posts to Google's fixed
    // URL and uses it as aud whatever the key says); the JWT header names the key (typ, kid).
    /^oauth2Token: [-+] assertion claim aud=/,
    /^oauth2Token: \+ assertion header (typ=JWT|kid=\w+)$/,
  ],
  authorized_user: [TELEMETRY, ACCEPT],
  // An empty delegation chain is left out rather than sent as [] (the same request to IAM);
  // google-auth-library's fetchIdToken() asks for `azp` to be the email (useEmailAzp, outside IAM
  // Credentials' published API); ours leaves Google's default, the account's unique id.
  impersonated_service_account: [
    TELEMETRY,
    ACCEPT,
    /^generate(Access|Id)Token: - body delegates=\[\]$/,
    /^generateIdToken: - body use_email_azp=true$/,
  ],
  metadata_server: [],
  external_account_authorized_user: [TELEMETRY, ACCEPT],
  // The workforce file: the STS exchange as for any external_account file.
  workforce: [
    TELEMETRY,
    /^sts: [-+] header content-type=application\/(json|x-www-form-urlencoded)$/,
  ],
  downscoped: [ACCEPT],
  aws: [TELEMETRY, /^sts: [-+] header content-type=application\/(json|x-www-form-urlencoded)$/],
  executable: [
    TELEMETRY,
    /^sts: [-+] header content-type=application\/(json|x-www-form-urlencoded)$/,
  ],
};

function assertDocumented(type: string, found: string[]): void {
  const expected = EXPECTED[type]!;
  const unexplained = found.filter((line) => !expected.some((pattern) => pattern.test(line)));
  assert.deepEqual(unexplained, [], `${type}: undocumented differences`);
}

/** Runs `fn` with google-auth-library's deprecation warnings muted. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  const warn = console.warn;
  process.emitWarning = () => {};
  console.warn = () => {};
  try {
    return await fn();
  } finally {
    process.emitWarning = emitWarning;
    console.warn = warn;
  }
}

Deno.test("google-auth-library and credentialsFromJson send the same requests for each file type", async (t) => {
  const emulator = await startEmulator();
  const oauth2 = `${emulator.endpoints.oauth2}/token`;
  // google-auth-library 11.3.4 posts keys and users to https://oauth2.googleapis.com/token
  // whatever the file's token_uri, and impersonates at iamcredentials.googleapis.com whatever
  // the impersonation URL's host; send those to the emulator.
  // deno-lint-ignore no-explicit-any
  const redirect = (client: any) =>
    client?.transporter?.interceptors?.request.add({
      // deno-lint-ignore no-explicit-any
      resolved: (config: any) => {
        const url = String(config.url);
        if (url === "https://oauth2.googleapis.com/token") config.url = new URL(oauth2);
        if (url.startsWith(IAM_CREDENTIALS)) {
          config.url = new URL(
            emulator.endpoints.iamcredentials + url.slice(IAM_CREDENTIALS.length),
          );
        }
        return Promise.resolve(config);
      },
    });
  const since = (from: number) => emulator.requests.slice(from);
  // Every GoogleAuth gets a projectId: it spares google-auth-library's `gcloud config` lookup
  // (about 1 s per client here), which sends nothing to the emulator.
  try {
    const step = await authenticate({
      workloadIdentityProvider: emulator.provider,
      serviceAccount: emulator.serviceAccount,
      oidcRequest: emulator.oidcRequest,
      endpoints: emulator.endpoints,
    });
    const files: Record<string, string> = {
      external_account: JSON.stringify(step.credentialsFile),
      service_account: await emulator.serviceAccountKey(),
      authorized_user: await emulator.authorizedUser(),
      impersonated_service_account: await emulator.impersonatedServiceAccount(),
    };
    for (const [type, json] of Object.entries(files)) {
      await t.step(type, async () => {
        let from = emulator.requests.length;
        const theirToken = await quietly(async () => {
          const client = await new GoogleAuth({
            credentials: JSON.parse(json),
            projectId: "given",
            scopes: ["https://www.googleapis.com/auth/cloud-platform"],
          }).getClient();
          redirect(client);
          redirect((client as unknown as { sourceClient?: unknown }).sourceClient);
          return (await client.getAccessToken()).token;
        });
        const theirs = since(from);
        from = emulator.requests.length;
        const credentials = credentialsFromJson(json);
        const ours = (await credentials.getAccessToken()).token;
        assert.equal(
          emulator.tokenInfo(ours)?.principal,
          emulator.tokenInfo(theirToken!)?.principal,
        );
        assertDocumented(type, differences(theirs, since(from)));
        if (!ID_TOKEN_TYPES.has(type)) return;
        // ID tokens (google-auth-library asks external_account files for none).
        from = emulator.requests.length;
        await quietly(async () => {
          const provider = (await new GoogleAuth({
            credentials: JSON.parse(json),
            projectId: "given",
          }).getIdTokenClient(ID_AUDIENCE)).idTokenProvider;
          redirect(provider);
          redirect((provider as unknown as { sourceClient?: unknown }).sourceClient);
          return await provider.fetchIdToken(ID_AUDIENCE);
        });
        const theirId = since(from);
        from = emulator.requests.length;
        // google-auth-library's Impersonated.fetchIdToken() always asks for the email.
        await credentials.getIdToken(ID_AUDIENCE, {
          includeEmail: type === "impersonated_service_account",
        });
        assertDocumented(type, differences(theirId, since(from)));
      });
    }
    await t.step("impersonated_service_account's own scopes, the caller giving none", async () => {
      const scopes = ["https://www.googleapis.com/auth/devstorage.read_only"];
      const json = JSON.parse(await emulator.impersonatedServiceAccount());
      const file = { ...json, scopes };
      const theirToken = await quietly(async () => {
        const client = await new GoogleAuth({ credentials: file, projectId: "given" }).getClient();
        redirect(client);
        redirect((client as unknown as { sourceClient?: unknown }).sourceClient);
        return (await client.getAccessToken()).token;
      });
      const ours = (await credentialsFromJson(file).getAccessToken()).token;
      assert.deepEqual(emulator.tokenInfo(theirToken!)?.scopes, scopes);
      assert.deepEqual(emulator.tokenInfo(ours)?.scopes, scopes);
    });
    await t.step("metadata_server", async () => {
      process.env.GCE_METADATA_HOST = emulator.metadataHost;
      // gcp-metadata's detection waits for a timeout; the probes differ by design (docs).
      process.env.METADATA_SERVER_DETECTION = "assume-present";
      try {
        const auth = new GoogleAuth({ projectId: "given" });
        const paths = (from: number, to?: number) =>
          emulator.requests.slice(from, to).map((r) => r.path.replace("/computeMetadata/v1/", ""));
        const theirFrom = emulator.requests.length;
        const theirToken = await quietly(async () => (await auth.getAccessToken())!);
        const theirs = emulator.requests.filter((r) => r.route === "metadataToken").slice(-1);
        const ourFrom = emulator.requests.length;
        const credentials = await loadCredentials({
          env: { GCE_METADATA_HOST: emulator.metadataHost },
        });
        const ours = (await credentials.getAccessToken()).token;
        // A first token is the token request alike; ours first names the project (the probe's
        // call, sent at load without a probe here), and asks neither the universe nor the email.
        const token = "instance/service-accounts/default/token";
        assert.deepEqual(paths(theirFrom, ourFrom), [token]);
        assert.deepEqual(paths(ourFrom), ["project/project-id", token]);
        assert.equal(
          emulator.tokenInfo(ours)?.principal,
          emulator.tokenInfo(theirToken)?.principal,
        );
        const oursRequests = emulator.requests.filter((r) => r.route === "metadataToken").slice(-1);
        assertDocumented("metadata_server", differences(theirs, oursRequests));
        const identity = () => emulator.requests.filter((r) => r.route === "metadataIdentity");
        await quietly(async () =>
          await (await auth.getIdTokenClient(ID_AUDIENCE)).idTokenProvider.fetchIdToken(ID_AUDIENCE)
        );
        await credentials.getIdToken(ID_AUDIENCE);
        assert.equal(identity().length, 2);
        assertDocumented(
          "metadata_server",
          differences(identity().slice(0, 1), identity().slice(1)),
        );
        assert.equal(credentials.projectId, "emulated-project");
      } finally {
        delete process.env.GCE_METADATA_HOST;
        delete process.env.METADATA_SERVER_DETECTION;
      }
    });
  } finally {
    await emulator.close();
  }
});

Deno.test("google-auth-library and ours send the same requests for workforce, external_account_authorized_user and downscoped tokens", async (t) => {
  const emulator = await startEmulator();
  const sts = `${emulator.endpoints.sts}/token`;
  const since = (from: number) => emulator.requests.slice(from);
  const dir = await Deno.makeTempDir();
  try {
    await t.step("external_account_authorized_user", async () => {
      const json = await emulator.externalAccountAuthorizedUser({ quotaProjectId: "billing" });
      let from = emulator.requests.length;
      const theirs = await quietly(async () => {
        const client = await new GoogleAuth({ credentials: JSON.parse(json), projectId: "given" })
          .getClient();
        return (await client.getAccessToken()).token!;
      });
      const theirRequests = since(from);
      from = emulator.requests.length;
      const ours = (await credentialsFromJson(json).getAccessToken()).token;
      assert.equal(emulator.tokenInfo(ours)?.principal, emulator.tokenInfo(theirs)?.principal);
      assertDocumented("external_account_authorized_user", differences(theirRequests, since(from)));
    });
    await t.step("workforce", async () => {
      const token = await (await fetch(
        `${emulator.oidcRequest.url}&audience=${
          encodeURIComponent(`https://iam.googleapis.com/${emulator.workforceProvider}`)
        }`,
        { headers: { authorization: `Bearer ${emulator.oidcRequest.token}` } },
      )).json();
      const path = `${dir}/token`;
      await Deno.writeTextFile(path, `${token.value}\n`);
      const file = {
        type: "external_account",
        audience: `//iam.googleapis.com/${emulator.workforceProvider}`,
        subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
        token_url: sts,
        credential_source: { file: path },
        workforce_pool_user_project: "emulated-project",
      };
      let from = emulator.requests.length;
      const theirs = await quietly(async () => {
        const client = await new GoogleAuth({
          credentials: file,
          projectId: "given",
          scopes: ["https://www.googleapis.com/auth/cloud-platform"],
        }).getClient();
        return (await client.getAccessToken()).token!;
      });
      const theirRequests = since(from);
      from = emulator.requests.length;
      const ours = (await credentialsFromJson(file).getAccessToken()).token;
      assert.equal(emulator.tokenInfo(ours)?.userProject, "emulated-project");
      assert.equal(emulator.tokenInfo(theirs)?.userProject, "emulated-project");
      assertDocumented("workforce", differences(theirRequests, since(from)));
    });
    await t.step("downscoped", async () => {
      const key = await emulator.serviceAccountKey();
      const boundary = {
        accessBoundary: {
          accessBoundaryRules: [{
            availableResource: "//storage.googleapis.com/projects/_/buckets/emulated-bucket",
            availablePermissions: ["inRole:roles/storage.objectViewer"],
            availabilityCondition: {
              expression: "resource.name.startsWith('projects/_/buckets/emulated-bucket/objects/')",
              title: "objects",
            },
          }],
        },
      };
      const theirSource = new JWT({
        email: JSON.parse(key).client_email,
        key: JSON.parse(key).private_key,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
        transporterOptions: { fetchImplementation: emulator.fetch },
      });
      const client = new DownscopedClient({
        authClient: theirSource,
        credentialAccessBoundary: boundary,
        transporterOptions: { fetchImplementation: emulator.fetch },
      });
      // DownscopedClient posts to https://sts.googleapis.com/v1/token with a transporter of its
      // own, whatever the options say: send that one to the emulator.
      // deno-lint-ignore no-explicit-any
      (client as any).stsCredential.transporter.interceptors.request.add({
        // deno-lint-ignore no-explicit-any
        resolved: (config: any) => {
          if (String(config.url) === "https://sts.googleapis.com/v1/token") {
            config.url = new URL(sts);
          }
          return Promise.resolve(config);
        },
      });
      await theirSource.getAccessToken();
      let from = emulator.requests.length;
      const theirs = (await client.getAccessToken()).token!;
      const theirRequests = since(from);
      const ourSource = credentialsFromJson(key);
      await ourSource.getAccessToken();
      from = emulator.requests.length;
      const ours = (await downscopedCredentials(ourSource, boundary, { tokenUrl: sts })
        .getAccessToken()).token;
      assert.deepEqual(
        emulator.tokenInfo(ours)?.accessBoundary,
        emulator.tokenInfo(theirs)?.accessBoundary,
      );
      assertDocumented("downscoped", differences(theirRequests, since(from)));
    });
    await t.step("API key: the same request header, and no request", async () => {
      const before = emulator.requests.length;
      const theirs = await new GoogleAuth({ apiKey: "AIzaSyExample" }).getRequestHeaders();
      const ours = await credentialsFromApiKey("AIzaSyExample").getRequestHeaders();
      assert.deepEqual(Object.fromEntries(theirs), ours);
      assert.equal(emulator.requests.length, before);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
    await emulator.close();
  }
});

/** The variables google-auth-library reads from the process for AWS and executable sources. */
const SOURCE_VARIABLES = [
  "AWS_REGION",
  "AWS_DEFAULT_REGION",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES",
  "TOOL_TOKEN",
];

/** Runs `fn` with the process's environment set to `values` for SOURCE_VARIABLES. */
async function withVariables<T>(values: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = SOURCE_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of SOURCE_VARIABLES) {
    if (name in values) process.env[name] = values[name];
    else delete process.env[name];
  }
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

Deno.test("google-auth-library and credentialsFromJson send the same requests for AWS and executable files", async (t) => {
  await using emulator = await startEmulator();
  const { runExecutable } = await import("../../../auth/credentials/run_executable.ts");
  const since = (from: number) => emulator.requests.slice(from);
  const impersonation = { serviceAccount: emulator.serviceAccount };
  const tool = new URL("../../support/executable_tool.mjs", import.meta.url).pathname;
  const executable = JSON.stringify({
    type: "external_account",
    audience: `//iam.googleapis.com/${emulator.provider}`,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: `${emulator.endpoints.sts}/token`,
    credential_source: {
      executable: { command: `"${Deno.execPath()}" run -A "${tool}" ok`, timeout_millis: 30000 },
    },
  });
  const subject = await (await fetch(
    `${emulator.oidcRequest.url}&audience=https://iam.googleapis.com/${emulator.provider}`,
    { headers: { authorization: `Bearer ${emulator.oidcRequest.token}` } },
  )).json();
  const cases: [string, string, Record<string, string>][] = [
    ["aws (IMDSv1)", emulator.aws.credentialsFile(), {}],
    [
      "aws (IMDSv2, impersonation)",
      emulator.aws.credentialsFile({ imdsv2: true, ...impersonation }),
      {},
    ],
    ["aws (environment)", emulator.aws.credentialsFile(), { ...emulator.aws.env }],
    ["executable", executable, {
      GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1",
      TOOL_TOKEN: subject.value,
    }],
  ];
  for (const [name, json, variables] of cases) {
    await t.step(name, async () => {
      await withVariables(variables, async () => {
        let from = emulator.requests.length;
        const theirToken = await quietly(async () => {
          const client = await new GoogleAuth({
            credentials: JSON.parse(json),
            projectId: "given",
            scopes: ["https://www.googleapis.com/auth/cloud-platform"],
          }).getClient();
          return (await client.getAccessToken()).token;
        });
        const theirs = since(from);
        from = emulator.requests.length;
        const credentials = credentialsFromJson(json, { runExecutable });
        const ours = (await credentials.getAccessToken()).token;
        assert.equal(
          emulator.tokenInfo(ours)?.principal,
          emulator.tokenInfo(theirToken!)?.principal,
        );
        assertDocumented(name.replace(/ .*/, ""), differences(theirs, since(from)));
      });
    });
  }
});
