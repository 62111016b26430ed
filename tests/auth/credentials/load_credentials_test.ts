// loadCredentials(): the Application Default Credentials order with an injected environment and
// file reader, the metadata server (probe, project, universe, email, tokens), and the runtime's
// own readFile on a real file.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  credentialsFromJson,
  type EnvLike,
  loadCredentials,
  toAuthClient,
} from "../../../auth/mod.ts";
import { fakeFetch, type RecordedRequest } from "../../support/fake_fetch.ts";
import { fakeFiles } from "../../support/fake_files.ts";

const T0 = 1_700_000_000_000;
const user = (clientId: string) =>
  JSON.stringify({
    type: "authorized_user",
    client_id: clientId,
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  });

const EMAIL = "runtime@meta-project.iam.gserviceaccount.com";

/**
 * A metadata server behind a fake fetch; `flavor: false` answers like some other web server;
 * `email: "none"` has no account attached, `"refused-once"` refuses the first email read.
 */
function metadata(
  options: { flavor?: boolean; universe?: string; email?: "none" | "refused-once" } = {},
) {
  let emailReads = 0;
  return fakeFetch((request: RecordedRequest) => {
    const headers: Record<string, string> = options.flavor === false
      ? {}
      : { "metadata-flavor": "Google" };
    if (request.headers.get("metadata-flavor") !== "Google") {
      return new Response("Missing Metadata-Flavor", { status: 403, headers });
    }
    const path = request.url.pathname.replace("/computeMetadata/v1/", "");
    const text = (body: string) => new Response(body, { headers });
    switch (path) {
      case "project/project-id":
        return text("meta-project");
      case "universe/universe-domain":
        return options.universe === undefined
          ? new Response("not found", { status: 404, headers })
          : text(options.universe);
      case "instance/service-accounts/default/email":
        if (options.email === "none") return new Response("not found", { status: 404, headers });
        if (options.email === "refused-once" && emailReads++ === 0) {
          return new Response("refused", { status: 403, headers });
        }
        return text(EMAIL);
      case "instance/service-accounts/default/token":
        return Response.json(
          { access_token: "ya29.meta", expires_in: 1800, token_type: "Bearer" },
          {
            headers,
          },
        );
      case "instance/service-accounts/default/identity": {
        const claims = btoa(JSON.stringify({ exp: T0 / 1000 + 3600 })).replace(/=+$/, "");
        return text(`eyJhbGciOiJSUzI1NiJ9.${claims}.sig`);
      }
    }
    return new Response("not found", { status: 404, headers });
  });
}

Deno.test("the credentials option comes first, then GOOGLE_APPLICATION_CREDENTIALS, then gcloud's file", async () => {
  const env: EnvLike = {
    GOOGLE_APPLICATION_CREDENTIALS: "/creds/explicit.json",
    HOME: "/home/me",
  };
  const fs = fakeFiles({
    "/creds/explicit.json": user("explicit"),
    "/home/me/.config/gcloud/application_default_credentials.json": user("well-known"),
  });
  const { fetch, requests } = fakeFetch(() => Response.json({ access_token: "t", expires_in: 60 }));
  const clientOf = async (options: Parameters<typeof loadCredentials>[0]) => {
    await (await loadCredentials({ fetch, readFile: fs.readFile, ...options })).getAccessToken();
    return new URLSearchParams(requests.at(-1)!.body).get("client_id");
  };
  assert.equal(await clientOf({ env, credentials: user("option") }), "option");
  const lines: string[] = [];
  const log = { debug: (line: string) => lines.push(line), info: () => {} };
  assert.equal(await clientOf({ env, log }), "explicit");
  assert.deepEqual(lines, [
    'Application Default Credentials: authorized_user from credentials file "/creds/explicit.json" (GOOGLE_APPLICATION_CREDENTIALS)',
  ]);
  assert.equal(await clientOf({ env: { HOME: "/home/me" } }), "well-known");
  assert.equal(
    await clientOf({
      env: { HOME: "/home/me", CLOUDSDK_CONFIG: "/cfg" },
      readFile:
        fakeFiles({ "/cfg/application_default_credentials.json": user("cloudsdk") }).readFile,
    }),
    "cloudsdk",
  );
  assert.deepEqual(fs.read, [
    "/creds/explicit.json",
    "/home/me/.config/gcloud/application_default_credentials.json",
  ]);
});

Deno.test("loadCredentials() logs to the caller's logger object itself, which may keep lines in this", async () => {
  const log = {
    lines: [] as string[],
    debug(m: string) {
      this.lines.push(m);
    },
    info() {},
  };
  await loadCredentials({ credentials: user("option"), env: {}, log });
  assert.deepEqual(log.lines, [
    "Application Default Credentials: authorized_user from the credentials option",
  ]);
});

Deno.test("loadCredentials() signal bounds loading only; credentialsFromJson() signal lasts their life", async () => {
  const env = { GCE_METADATA_HOST: "169.254.169.254" };
  const loading = new AbortController();
  const credentials = await loadCredentials({
    env,
    fetch: metadata().fetch,
    signal: loading.signal,
  });
  loading.abort(new Error("load deadline"));
  assert.equal((await credentials.getAccessToken()).token, "ya29.meta");
  const aborted = AbortSignal.abort(new Error("stop loading"));
  const probed = metadata();
  await assert.rejects(
    loadCredentials({ env, fetch: probed.fetch, signal: aborted }),
    /stop loading/,
  );
  assert.equal(probed.requests.length, 0, "an aborted signal sends no probe");
  const life = new AbortController();
  const { fetch } = fakeFetch(() => Response.json({ access_token: "t", expires_in: 60 }));
  const closing = credentialsFromJson(user("c"), { fetch, signal: life.signal });
  life.abort(new Error("closed"));
  await assert.rejects(closing.getAccessToken(), /closed/);
});

Deno.test("a GOOGLE_APPLICATION_CREDENTIALS file that cannot be read is an error naming the path", async () => {
  await assert.rejects(
    loadCredentials({
      env: { GOOGLE_APPLICATION_CREDENTIALS: "/nope.json" },
      readFile: fakeFiles({}).readFile,
    }),
    {
      code: "ERR_CREDENTIALS_UNREADABLE",
      message: /"\/nope\.json" \(GOOGLE_APPLICATION_CREDENTIALS\): ENOENT/,
    },
  );
  await assert.rejects(
    loadCredentials({
      env: { GOOGLE_APPLICATION_CREDENTIALS: "/bad.json" },
      readFile: fakeFiles({ "/bad.json": "{oops" }).readFile,
    }),
    {
      code: "ERR_CREDENTIALS_MALFORMED",
      message:
        /credentials file "\/bad\.json" \(GOOGLE_APPLICATION_CREDENTIALS\): it is not valid JSON/,
    },
  );
});

Deno.test("gcloud's file that the runtime may not read is skipped for the metadata server", async (t) => {
  const denials: [string, () => Error][] = [
    [
      "Node EACCES",
      () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }),
    ],
    ["Node EPERM", () => Object.assign(new Error("EPERM: not permitted"), { code: "EPERM" })],
    [
      "Deno PermissionDenied",
      () => Object.assign(new Error("denied"), { name: "PermissionDenied" }),
    ],
    [
      "Deno NotCapable",
      () => Object.assign(new Error("Requires read access"), { name: "NotCapable" }),
    ],
  ];
  const wellKnown = "/home/me/.config/gcloud/application_default_credentials.json";
  for (const [name, denial] of denials) {
    await t.step(name, async () => {
      const readFile = () => Promise.reject(denial());
      const env = { HOME: "/home/me", GCE_METADATA_HOST: "169.254.169.254" };
      const credentials = await loadCredentials({ env, readFile, fetch: metadata().fetch });
      assert.equal(credentials.type, "metadata_server");
      const refused = fakeFetch(() => Promise.reject(new TypeError("connection refused")));
      await assert.rejects(
        loadCredentials({ env, readFile, fetch: refused.fetch }),
        (error: Error & { code: string }) => {
          assert.equal(error.code, "ERR_CREDENTIALS_NOT_FOUND");
          assert.ok(error.message.includes(`${wellKnown} (not readable: `), error.message);
          return true;
        },
      );
      // GOOGLE_APPLICATION_CREDENTIALS stays an error.
      await assert.rejects(
        loadCredentials({ env: { ...env, GOOGLE_APPLICATION_CREDENTIALS: "/k.json" }, readFile }),
        { code: "ERR_CREDENTIALS_UNREADABLE" },
      );
    });
  }
  await t.step(
    "another failure of gcloud's file is an error whose hint is about that file",
    async () => {
      const readFile = () => Promise.reject(Object.assign(new Error("EISDIR"), { code: "EISDIR" }));
      await assert.rejects(
        loadCredentials({ env: { HOME: "/home/me" }, readFile }),
        (error: Error & { code: string; hint: string }) => {
          assert.equal(error.code, "ERR_CREDENTIALS_UNREADABLE");
          assert.match(error.message, /gcloud's application default credentials\): EISDIR/);
          assert.ok(!error.hint.includes("GOOGLE_APPLICATION_CREDENTIALS"), error.hint);
          return true;
        },
      );
    },
  );
});

Deno.test("nothing found: ERR_CREDENTIALS_NOT_FOUND lists each place tried", async () => {
  const { fetch, requests } = fakeFetch(() => Promise.reject(new TypeError("connection refused")));
  await assert.rejects(
    loadCredentials({ env: { HOME: "/home/me" }, readFile: fakeFiles({}).readFile, fetch }),
    (error: Error & { code: string }) => {
      assert.equal(error.code, "ERR_CREDENTIALS_NOT_FOUND");
      assert.match(error.message, /GOOGLE_APPLICATION_CREDENTIALS \(not set\)/);
      assert.match(
        error.message,
        /\/home\/me\/\.config\/gcloud\/application_default_credentials\.json \(not found\)/,
      );
      assert.ok(
        error.message.endsWith(
          "the metadata server at http://169.254.169.254 and http://metadata.google.internal. (no answer)",
        ),
        error.message,
      );
      return true;
    },
  );
  // One probe of each address, one attempt each, with the flavor header.
  assert.deepEqual(requests.map((r) => r.url.host).sort(), [
    "169.254.169.254",
    "metadata.google.internal.",
  ]);
  assert.ok(requests.every((r) => r.headers.get("metadata-flavor") === "Google"));
  await assert.rejects(loadCredentials({ env: {}, fetch }), /no CLOUDSDK_CONFIG, HOME or APPDATA/);
});

Deno.test("a server that answers without Metadata-Flavor: Google is not the metadata server", async () => {
  const { fetch } = metadata({ flavor: false });
  await assert.rejects(loadCredentials({ env: { GCE_METADATA_HOST: "127.0.0.1:1" }, fetch }), {
    code: "ERR_CREDENTIALS_NOT_FOUND",
    message: /metadata server at http:\/\/127\.0\.0\.1:1 /,
  });
});

Deno.test("without GCE_METADATA_HOST the IP and the trailing-dot name are probed side by side; the first Google answer wins", async (t) => {
  const server = metadata();
  for (
    const [winner, loser] of [
      ["169.254.169.254", "metadata.google.internal."],
      ["metadata.google.internal.", "169.254.169.254"],
    ]
  ) {
    await t.step(`${winner} answers`, async () => {
      const hosts: string[] = [];
      let loserAborted = false;
      const fetch = (input: Request | URL | string, init?: RequestInit) => {
        const host = new URL(String(input)).host;
        hosts.push(host);
        if (host === winner) return server.fetch(input, init);
        // The loser hangs until the probe is cancelled.
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener("abort", () => {
            loserAborted = true;
            reject(init.signal!.reason);
          });
        });
      };
      const credentials = await loadCredentials({ env: {}, fetch, now: () => T0 });
      assert.equal(credentials.type, "metadata_server");
      assert.equal(credentials.projectId, "meta-project");
      assert.ok(loserAborted, "the other probe is cancelled");
      const probes = hosts.length;
      await credentials.getAccessToken();
      assert.deepEqual(hosts.slice(0, 2).sort(), [winner, loser].sort());
      assert.ok(hosts.slice(2).every((host) => host === winner), hosts.join(" "));
      assert.ok(hosts.length > probes);
    });
  }
  await t.step("an answer without Metadata-Flavor does not win over the real server", async () => {
    const fake = metadata({ flavor: false });
    const fetch = (input: Request | URL | string, init?: RequestInit) =>
      new URL(String(input)).host === "169.254.169.254"
        ? fake.fetch(input, init)
        : server.fetch(input, init);
    const credentials = await loadCredentials({ env: {}, fetch });
    assert.equal(credentials.type, "metadata_server");
    await credentials.getAccessToken();
    assert.equal(fake.requests.length, 1, "only the probe went to the impostor");
  });
});

Deno.test("METADATA_SERVER_DETECTION: none skips the metadata server, assume-present skips the probe", async (t) => {
  await t.step("none", async () => {
    const { fetch, requests } = metadata();
    await assert.rejects(
      loadCredentials({ env: { METADATA_SERVER_DETECTION: "none" }, fetch }),
      {
        code: "ERR_CREDENTIALS_NOT_FOUND",
        message: /the metadata server \(METADATA_SERVER_DETECTION=none\)$/,
      },
    );
    assert.equal(requests.length, 0);
  });
  await t.step("assume-present", async () => {
    const { fetch, requests } = metadata();
    const credentials = await loadCredentials({
      env: { METADATA_SERVER_DETECTION: " Assume-Present " },
      fetch,
    });
    assert.equal(credentials.type, "metadata_server");
    assert.equal(credentials.projectId, "meta-project");
    assert.ok(requests.every((r) => r.url.host === "169.254.169.254"));
    assert.equal(
      requests.filter((r) => r.url.pathname.endsWith("/project/project-id")).length,
      1,
      "the project is asked once, not raced",
    );
  });
  for (const value of ["ping-only", "bios-only"]) {
    await t.step(`${value} probes`, async () => {
      const { fetch, requests } = fakeFetch(() => Promise.reject(new TypeError("refused")));
      await assert.rejects(
        loadCredentials({ env: { METADATA_SERVER_DETECTION: value }, fetch }),
        { code: "ERR_CREDENTIALS_NOT_FOUND" },
      );
      assert.equal(requests.length, 2);
    });
  }
  await t.step("an unknown value is an error naming the variable", async () => {
    await assert.rejects(
      loadCredentials({ env: { METADATA_SERVER_DETECTION: "maybe" } }),
      {
        name: "CredentialsError",
        code: "ERR_OPTIONS_INVALID",
        option: "env",
        message: /METADATA_SERVER_DETECTION.*assume-present.*"maybe"/,
      },
    );
  });
});

Deno.test("the metadata server: project, universe, email, access and ID tokens", async () => {
  const { fetch, requests } = metadata();
  const paths = () => requests.map((r) => r.url.pathname.replace("/computeMetadata/v1/", ""));
  const credentials = await loadCredentials({
    env: { GCE_METADATA_HOST: "169.254.169.254:8080" },
    fetch,
    now: () => T0,
  });
  assert.deepEqual(paths(), ["project/project-id"], "loading sends the probe only");
  assert.deepEqual(
    [
      credentials.type,
      credentials.projectId,
      credentials.universeDomain,
      credentials.serviceAccountEmail,
    ],
    ["metadata_server", "meta-project", "googleapis.com", undefined],
  );
  assert.deepEqual(await credentials.getAccessToken(), {
    token: "ya29.meta",
    expiresAt: new Date(T0 + 1_800_000),
  });
  assert.deepEqual(paths().slice(1), ["instance/service-accounts/default/token"]);
  // The universe and the email are read when asked for, once each; concurrent callers share a read.
  assert.deepEqual(
    await Promise.all([credentials.getUniverseDomain(), credentials.getUniverseDomain()]),
    ["googleapis.com", "googleapis.com"],
  );
  assert.equal(await credentials.getServiceAccountEmail(), EMAIL);
  assert.equal(await credentials.getServiceAccountEmail(), EMAIL);
  assert.equal(await credentials.getUniverseDomain(), "googleapis.com");
  assert.deepEqual(paths().slice(2), [
    "universe/universe-domain",
    "instance/service-accounts/default/email",
  ]);
  assert.deepEqual([credentials.universeDomain, credentials.serviceAccountEmail], [
    "googleapis.com",
    EMAIL,
  ]);
  const id = await credentials.getIdToken("https://run.example");
  assert.equal(id.expiresAt.getTime(), T0 + 3_600_000);
  const identity = requests.at(-1)!.url;
  assert.equal(identity.host, "169.254.169.254:8080");
  assert.equal(identity.searchParams.get("audience"), "https://run.example");
  assert.equal(identity.searchParams.get("format"), "full");
  assert.ok(
    requests.every((r) => r.headers.get("metadata-flavor") === "Google" && r.method === "GET"),
  );
  const token = requests.find((r) => r.url.pathname.endsWith("/token"))!;
  assert.equal(token.url.search, "");
  // Requested scopes go as a comma-separated scopes parameter; the universe is the server's once
  // read (toAuthClient()'s getUniverseDomain() reads it, as google-auth-library's does).
  const scoped = metadata({ universe: "example.com" });
  const custom = await loadCredentials({
    env: { GCE_METADATA_HOST: "m", GOOGLE_CLOUD_PROJECT: "env-project" },
    fetch: scoped.fetch,
    scopes: ["a", "b"],
  });
  const authClient = toAuthClient(custom);
  assert.deepEqual([custom.universeDomain, authClient.universeDomain], [
    "googleapis.com",
    "googleapis.com",
  ]);
  assert.equal(await authClient.getUniverseDomain(), "example.com");
  assert.equal(await custom.getUniverseDomain(), "example.com");
  assert.deepEqual([custom.universeDomain, authClient.universeDomain], [
    "example.com",
    "example.com",
  ]);
  assert.equal(custom.projectId, "env-project");
  await custom.getAccessToken();
  assert.equal(scoped.requests.at(-1)!.url.searchParams.get("scopes"), "a,b");
  assert.equal(scoped.requests.length, 3, "the probe, the universe once, the token");
});

Deno.test("the metadata server without an account refuses to sign; a failed email read is not kept", async () => {
  const env = { GCE_METADATA_HOST: "m" };
  const none = metadata({ email: "none" });
  const credentials = await loadCredentials({ env, fetch: none.fetch });
  const named = {
    code: "ERR_SIGN_NO_SERVICE_ACCOUNT",
    message: "Cannot sign: the metadata server has no service account attached",
  };
  await assert.rejects(credentials.sign("data"), named);
  await assert.rejects(credentials.getServiceAccountEmail(), named);
  assert.equal(credentials.serviceAccountEmail, undefined);
  assert.ok(
    none.requests.every((r) => !/\/(token|signBlob)/.test(r.url.pathname)),
    "no token asked for, nothing signed",
  );
  const refused = metadata({ email: "refused-once" });
  const flaky = await loadCredentials({ env, fetch: refused.fetch });
  await assert.rejects(flaky.getServiceAccountEmail(), {
    code: "ERR_METADATA_REQUEST_FAILED",
    status: 403,
  });
  assert.equal(flaky.serviceAccountEmail, undefined);
  assert.equal(await flaky.getServiceAccountEmail(), EMAIL);
  assert.equal(flaky.serviceAccountEmail, EMAIL);
});

Deno.test("the runtime's own readFile reads the GOOGLE_APPLICATION_CREDENTIALS file", async () => {
  const dir = await mkdtemp(join(tmpdir(), "adc-"));
  try {
    const path = join(dir, "creds.json");
    await writeFile(path, user("from-disk"), { mode: 0o600 });
    const credentials = await loadCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: path } });
    assert.equal(credentials.type, "authorized_user");
    await assert.rejects(
      loadCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: join(dir, "missing.json") } }),
      { code: "ERR_CREDENTIALS_UNREADABLE", message: /NotFound|ENOENT/ },
    );
    // gcloud's well-known file missing on disk is skipped, not an error.
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError("refused")));
    await assert.rejects(loadCredentials({ env: { HOME: dir }, fetch }), {
      code: "ERR_CREDENTIALS_NOT_FOUND",
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

Deno.test("loadCredentials() reads only own options: a polluted Object.prototype is not a credential source", async () => {
  const attacker = "https://attacker.example";
  const polluted: Record<string, unknown> = {
    credentials: user("attacker-client"),
    GOOGLE_APPLICATION_CREDENTIALS: "/attacker/key.json",
    CLOUDSDK_CONFIG: "/attacker",
    GCE_METADATA_HOST: "attacker.example",
    token_uri: `${attacker}/token`,
  };
  for (const [name, value] of Object.entries(polluted)) {
    Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
  }
  const { readFile, read } = fakeFiles({});
  const urls: string[] = [];
  try {
    await assert.rejects(
      loadCredentials({
        env: {},
        readFile,
        fetch: (input) => {
          urls.push(String(input));
          return Promise.reject(new TypeError("no route to host"));
        },
      }),
      { code: "ERR_CREDENTIALS_NOT_FOUND" },
    );
  } finally {
    for (const name of Object.keys(polluted)) {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
  }
  assert.deepEqual(read, []);
  assert.ok(urls.length > 0);
  for (const url of urls) {
    assert.ok(
      ["169.254.169.254", "metadata.google.internal."].includes(new URL(url).hostname),
      url,
    );
  }
});

Deno.test("an empty identity answer of the metadata server is ERR_METADATA_REQUEST_FAILED, not a token", async () => {
  const { fetch: served } = metadata();
  const fetch: typeof globalThis.fetch = (input, init) =>
    String(input).includes("/identity")
      ? Promise.resolve(new Response(" \n", { headers: { "metadata-flavor": "Google" } }))
      : served(input, init);
  const credentials = await loadCredentials({
    env: { GCE_METADATA_HOST: "169.254.169.254:8080" },
    fetch,
    now: () => T0,
  });
  await assert.rejects(credentials.getIdToken("https://run.example"), {
    name: "GoogleApiError",
    code: "ERR_METADATA_REQUEST_FAILED",
    status: 200,
    message:
      /^Failed to get instance\/service-accounts\/default\/identity from the metadata server at http:\/\/169\.254\.169\.254:8080: the response is empty$/,
  });
});
