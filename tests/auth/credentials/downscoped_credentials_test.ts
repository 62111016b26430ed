// downscopedCredentials() against the emulator's STS and Cloud Storage stand-in: the boundary is
// checked before any call, exchanged as google-auth-library sends it, refreshed with its source,
// and the token reaches only what the boundary allows.
import assert from "node:assert/strict";
import {
  type AccessBoundaryRule,
  credentialsFromJson,
  downscopedCredentials,
  loadCredentials,
} from "../../../auth/mod.ts";
import { withEmulator } from "../../../tools/emulator_calls.ts";

const OBJECTS = { "bucket-123": { "customer-a/r.txt": "a", "customer-b/r.txt": "b" } };
const RULE: AccessBoundaryRule = {
  availableResource: "//storage.googleapis.com/projects/_/buckets/bucket-123",
  availablePermissions: ["inRole:roles/storage.objectViewer"],
  availabilityCondition: {
    expression: "resource.name.startsWith('projects/_/buckets/bucket-123/objects/customer-a')",
    title: "customer-a",
  },
};
const boundary = (...rules: unknown[]) =>
  ({ accessBoundary: { accessBoundaryRules: rules } }) as Parameters<
    typeof downscopedCredentials
  >[1];

Deno.test("downscopedCredentials(): a token that reads only what the boundary allows", async () => {
  await withEmulator({ storageObjects: OBJECTS }, async (emulator) => {
    const source = credentialsFromJson(await emulator.serviceAccountKey());
    const credentials = downscopedCredentials(source, boundary(RULE), {
      tokenUrl: `${emulator.endpoints.sts}/token`,
    });
    assert.equal(credentials.type, "downscoped");
    assert.equal(credentials.projectId, "emulated-project");
    const { token, expiresAt } = await credentials.getAccessToken();
    const sourceToken = await source.getAccessToken();
    const info = emulator.tokenInfo(token)!;
    assert.equal(info.principal, emulator.serviceAccount);
    assert.deepEqual(info.accessBoundary, [RULE]);
    // No expires_in from STS: the downscoped token expires with its source.
    assert.equal(expiresAt.getTime(), sourceToken.expiresAt.getTime());
    const exchange = emulator.requests.find((r) => r.route === "sts")!;
    const form = new URLSearchParams(exchange.body);
    assert.deepEqual([...form.keys()].sort(), [
      "grant_type",
      "options",
      "requested_token_type",
      "subject_token",
      "subject_token_type",
    ]);
    assert.equal(form.get("subject_token"), sourceToken.token);
    assert.deepEqual(JSON.parse(form.get("options")!), boundary(RULE));
    const read = (object: string) =>
      credentials.fetch(
        `${emulator.endpoints.storage}/b/bucket-123/o/${encodeURIComponent(object)}?alt=media`,
      );
    const allowed = await read("customer-a/r.txt");
    assert.equal(await allowed.text(), "a");
    const denied = await read("customer-b/r.txt");
    assert.equal(denied.status, 403);
    await denied.body?.cancel();
    // The source's own token still reads both.
    const both = await source.fetch(
      `${emulator.endpoints.storage}/b/bucket-123/o/customer-b%2Fr.txt?alt=media`,
    );
    assert.equal(await both.text(), "b");
  });
});

Deno.test("downscopedCredentials(): each refresh takes the source's current token", async () => {
  let now = Date.UTC(2026, 5, 1);
  await withEmulator({ now: () => now, storageObjects: OBJECTS }, async (emulator) => {
    const options = { now: () => now };
    const source = credentialsFromJson(await emulator.serviceAccountKey(), options);
    const credentials = downscopedCredentials(source, boundary(RULE), {
      ...options,
      tokenUrl: `${emulator.endpoints.sts}/token`,
    });
    const first = await credentials.getAccessToken();
    assert.equal((await credentials.getAccessToken()).token, first.token, "cached");
    now += 3_400_000; // past the eager refresh window of both
    const second = await credentials.getAccessToken();
    assert.notEqual(second.token, first.token);
    const subjects = emulator.requests.filter((r) => r.route === "sts").map((r) =>
      new URLSearchParams(r.body).get("subject_token")
    );
    assert.equal(subjects.length, 2);
    assert.notEqual(subjects[0], subjects[1], "the source refreshed its own token first");
    await assert.rejects(credentials.getIdToken("https://x.example"), {
      code: "ERR_CREDENTIALS_UNSUPPORTED",
    });
    await assert.rejects(credentials.sign("x"), { code: "ERR_SIGN_NO_SERVICE_ACCOUNT" });
  });
});

Deno.test("downscopedCredentials(): over the metadata server, STS of the universe the server names", async () => {
  const universe = "example.com";
  const scopes = [`https://www.${universe}/auth/cloud-platform`];
  await withEmulator({ universe, metadata: { scopes } }, async (emulator) => {
    // Any request for Google's own universe would leave loopback: refused here, so it fails the test.
    const fetch = (input: Request | URL | string, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      return url.hostname.endsWith(".googleapis.com")
        ? Promise.reject(new TypeError(`left the emulated universe: ${url.origin}`))
        : emulator.fetch(input, init);
    };
    const source = await loadCredentials({
      env: { GCE_METADATA_HOST: emulator.metadataHost },
      fetch,
    });
    const rule = { ...RULE, availableResource: `//storage.${universe}/projects/_/buckets/b` };
    const credentials = downscopedCredentials(source, boundary(rule), { fetch });
    assert.equal(credentials.universeDomain, "googleapis.com", "not read yet");
    const { token } = await credentials.getAccessToken();
    assert.deepEqual(emulator.tokenInfo(token)?.accessBoundary, [rule]);
    assert.equal(await credentials.getUniverseDomain(), universe);
    assert.equal(credentials.universeDomain, universe);
  });
});

Deno.test("downscopedCredentials(): a bad boundary is ERR_ACCESS_BOUNDARY_INVALID before any call", () => {
  const source = { getAccessToken: () => Promise.reject(new Error("no call expected")) };
  const cases: [unknown, RegExp][] = [
    [{}, /expected \{ accessBoundary: \{ accessBoundaryRules/],
    [boundary(), /accessBoundaryRules is empty/],
    [boundary(...Array.from({ length: 11 }, () => RULE)), /11 rules, more than 10/],
    [boundary("rule"), /accessBoundaryRules\[0\] is not an object/],
    [boundary({ ...RULE, availableResource: "" }), /\[0\]\.availableResource is missing/],
    [
      boundary(RULE, { ...RULE, availablePermissions: [] }),
      /\[1\]\.availablePermissions must list/,
    ],
    [
      boundary({ ...RULE, availablePermissions: ["roles/storage.objectViewer"] }),
      /\[0\]\.availablePermissions\[0\] is "roles\/storage\.objectViewer": permissions are roles written inRole:/,
    ],
    [boundary({ ...RULE, availablePermissions: [7] }), /availablePermissions\[0\] is number/],
    [boundary({ ...RULE, availabilityCondition: "x" }), /availabilityCondition is not an object/],
    [boundary({ ...RULE, availabilityCondition: { title: "t" } }), /expression is missing/],
    [
      boundary({ ...RULE, availabilityCondition: { expression: "true", title: 1 } }),
      /availabilityCondition\.title is not a string/,
    ],
    [
      boundary({ ...RULE, availabilityCondition: { expression: "true", description: [] } }),
      /availabilityCondition\.description is not a string/,
    ],
    // A misspelt field or a null condition would drop a restriction: the token would reach more.
    [
      boundary({ ...RULE, availabilityConditions: { expression: "false" } }),
      /accessBoundaryRules\[0\] has "availabilityConditions", which is none of availableResource,/,
    ],
    [boundary({ ...RULE, availabilityCondition: null }), /availabilityCondition is not an object/],
    [
      boundary({ ...RULE, availabilityCondition: { expresion: "false" } }),
      /availabilityCondition has "expresion", which is none of expression, title, description/,
    ],
    [
      { accessBoundary: { accessBoundaryRules: [RULE], rules: [] } },
      /accessBoundary has "rules", which is none of accessBoundaryRules/,
    ],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => downscopedCredentials(source, value as Parameters<typeof downscopedCredentials>[1]),
      { name: "CredentialsError", code: "ERR_ACCESS_BOUNDARY_INVALID", message },
    );
  }
  assert.throws(
    () => downscopedCredentials({} as typeof source, boundary(RULE)),
    { name: "CredentialsError", code: "ERR_OPTIONS_INVALID", option: "source" },
  );
});

Deno.test("downscopedCredentials(): an STS refusal is ERR_STS_EXCHANGE_FAILED without the source token", async () => {
  await withEmulator({}, async (emulator) => {
    const source = {
      getAccessToken: () =>
        Promise.resolve({ token: "ya29.not-issued-secret", expiresAt: new Date(Date.now() + 3e6) }),
    };
    const credentials = downscopedCredentials(source, boundary(RULE), {
      tokenUrl: `${emulator.endpoints.sts}/token`,
    });
    const error = await credentials.getAccessToken().then(() => undefined, (e) => e);
    assert.equal(error?.code, "ERR_STS_EXCHANGE_FAILED");
    assert.equal(error.status, 400);
    assert.doesNotMatch(`${error.message} ${error.hint}`, /not-issued-secret/);
  });
});
