// Hostile input: property tests (fixed seeds) and linear-time guards for the parsers and redaction.
import assert from "node:assert/strict";
import fc from "fast-check";
import { authenticate, type AuthenticateOptions, CredentialsError } from "../../auth/mod.ts";
import {
  exchangeToken,
  generateAccessToken,
  parseWorkloadIdentityProvider,
} from "../../auth/flows/mod.ts";
import { parseServiceAccountKey } from "../../auth/keys/mod.ts";
import { validateAuthenticateOptions } from "../../auth/authenticate/options.ts";
import { redactSecrets } from "../../auth/_util/redact.ts";
import { assertLinear } from "../support/linear_time.ts";
import { fakeGoogle, flowFor, PROVIDER } from "../support/flows.ts";
import { testKey } from "../support/keys.ts";

const SEED = 20261122;
const RUNS = 2000;

function assertNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  for (const name of ["type", "polluted", "client_email", "private_key", "isAdmin"]) {
    assert.equal(probe[name], undefined, `Object.prototype.${name} was polluted`);
  }
}

function onlyDocumented(run: () => unknown, codes: RegExp): void {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof CredentialsError, `unexpected ${String(error)}`);
    assert.match(error.code, codes);
  }
}

const keyLike = fc.dictionary(
  fc.constantFrom(
    "type",
    "client_email",
    "private_key",
    "private_key_id",
    "__proto__",
    "constructor",
    "project_id",
    "x",
  ),
  fc.oneof(
    fc.string(),
    fc.constant("service_account"),
    fc.jsonValue(),
    fc.constant({ polluted: true }),
  ),
);

Deno.test("parseServiceAccountKey() throws only ERR_KEY_* CredentialsErrors on arbitrary input", () => {
  const input = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "grapheme", maxLength: 100 }),
    fc.json(),
    keyLike.map((value) => JSON.stringify(value)),
    keyLike.map((value) => btoa(JSON.stringify(value))),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => btoa(String.fromCharCode(...bytes))),
    fc.string().map((text) => `{"__proto__":{"polluted":true},"type":${JSON.stringify(text)}}`),
  );
  fc.assert(
    fc.property(input, (raw) => {
      onlyDocumented(() => parseServiceAccountKey(raw), /^ERR_KEY_/);
      assertNoPollution();
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

Deno.test("parseWorkloadIdentityProvider() throws only ERR_PROVIDER_INVALID on arbitrary input", () => {
  const segment = fc.oneof(
    fc.constantFrom(
      "projects",
      "locations",
      "global",
      "workloadIdentityPools",
      "providers",
      "123",
      "pool",
      "prov-1",
      "",
      "..",
      "__proto__",
    ),
    fc.string({ maxLength: 40 }),
  );
  const input = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(segment, { maxLength: 10 }).map((parts) => parts.join("/")),
  );
  fc.assert(
    fc.property(input, (raw) => {
      try {
        const provider = parseWorkloadIdentityProvider(raw);
        assert.match(
          provider.name,
          /^projects\/\d+\/locations\/global\/workloadIdentityPools\/[a-z0-9-]+\/providers\/[a-z0-9-]+$/,
        );
      } catch (error) {
        assert.ok(error instanceof CredentialsError);
        assert.equal(error.code, "ERR_PROVIDER_INVALID");
      }
      assertNoPollution();
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

Deno.test("validateAuthenticateOptions() throws only documented errors on arbitrary options", () => {
  const text = fc.oneof(fc.string({ maxLength: 60 }), fc.constant(undefined));
  const options = fc.record({
    workloadIdentityProvider: fc.oneof(
      text,
      fc.constant("projects/1/locations/global/workloadIdentityPools/pool/providers/prov"),
    ),
    credentialsJson: text,
    serviceAccount: fc.oneof(text, fc.constant("a@b.iam.gserviceaccount.com")),
    tokenFormat: fc.constantFrom(undefined, "", "access_token", "id_token", "bogus"),
    delegates: fc.option(fc.array(fc.string({ maxLength: 40 }), { maxLength: 3 }), {
      nil: undefined,
    }),
    universe: text,
    accessTokenLifetimeSeconds: fc.option(fc.integer({ min: -10, max: 50_000 }), {
      nil: undefined,
    }),
    accessTokenSubject: text,
    idTokenAudience: text,
    requestReason: text,
    oidcRequest: fc.option(
      fc.record({ url: fc.string({ maxLength: 30 }), token: fc.string({ maxLength: 10 }) }),
      { nil: undefined },
    ),
  }, { requiredKeys: [] });
  fc.assert(
    fc.property(options, (value) => {
      try {
        validateAuthenticateOptions(value as Parameters<typeof validateAuthenticateOptions>[0]);
      } catch (error) {
        assert.ok(error instanceof CredentialsError, String(error));
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

/** `run`, with the documented errors of a rejected input ignored: only its cost matters here. */
function ignoringRejection(run: () => unknown): () => void {
  return () => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof CredentialsError)) throw error;
    }
  };
}

Deno.test("parsers and redaction stay linear on hostile input (100k against 10k characters)", async (t) => {
  const rows: [string, (n: number) => unknown][] = [
    ["key: open brace then junk", (n) => parseServiceAccountKey(`{${"a".repeat(n)}`)],
    ["key: base64 alphabet", (n) => parseServiceAccountKey("A".repeat(n))],
    ["key: almost base64", (n) => parseServiceAccountKey(`${"A".repeat(n)}!`)],
    ["key: deep nesting", (n) => parseServiceAccountKey(`{"a":${"[".repeat(n / 10)}`)],
    ["key: huge type", (n) => parseServiceAccountKey(JSON.stringify({ type: "x".repeat(n) }))],
    ["provider: digits", (n) => parseWorkloadIdentityProvider(`projects/${"1".repeat(n)}`)],
    ["provider: slashes", (n) => parseWorkloadIdentityProvider("projects/".repeat(n / 9))],
    [
      "provider: near miss",
      (n) =>
        parseWorkloadIdentityProvider(
          `projects/1/locations/global/workloadIdentityPools/${"a".repeat(n)}`,
        ),
    ],
    ["redact: many JWT prefixes", (n) => redactSecrets("eyJ.".repeat(n / 4))],
    ["redact: JWT prefixes after dashes", (n) => redactSecrets("eyJ-".repeat(n / 4))],
    ["redact: open key block", (n) => redactSecrets(`-----BEGIN PRIVATE KEY-----${"A".repeat(n)}`)],
    [
      "redact: many key headers",
      (n) => redactSecrets("-----BEGIN PRIVATE KEY-----".repeat(n / 27)),
    ],
    ["redact: many token fields", (n) => redactSecrets('"token":"'.repeat(n / 9))],
    ["redact: many Bearer", (n) => redactSecrets("Bearer ".repeat(n / 7))],
    [
      "redact: token field without end",
      (n) => redactSecrets(`"access_token":"${"\\a".repeat(n / 2)}`),
    ],
  ];
  for (const [name, run] of rows) {
    await t.step(name, () => assertLinear((n) => ignoringRejection(() => run(n))));
  }
});

const ATTACKER = "https://attacker.example";

/**
 * Sets `Object.prototype[name]` for every entry, as a vulnerable dependency merging untrusted
 * JSON would; returns the function that removes them again.
 */
function pollutePrototype(entries: Record<string, unknown>): () => void {
  for (const [name, value] of Object.entries(entries)) {
    Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
  }
  return () => {
    for (const name of Object.keys(entries)) {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
  };
}

Deno.test("authenticate() reads only own options: a polluted Object.prototype sends nothing elsewhere", async (t) => {
  const stolen: string[] = [];
  const steal = (value: unknown) => void stolen.push(String(value));
  const services = { sts: ATTACKER, iamcredentials: ATTACKER, oauth2: ATTACKER, iam: ATTACKER };
  const flows: [string, AuthenticateOptions][] = [
    ["WIF + service account, access token", flowFor("generateAccessToken")],
    ["WIF + delegation", flowFor("oauth2Token")],
    [
      "key (no project_id) + delegation",
      {
        credentialsJson: JSON.stringify({ ...(await testKey()).key, project_id: undefined }),
        accessTokenSubject: "u@example.com",
      },
    ],
  ];
  for (const [name, options] of flows) {
    await t.step(name, async () => {
      const google = fakeGoogle(() => undefined);
      const clean = pollutePrototype({
        endpoints: services,
        ...services,
        www: ATTACKER,
        universe: "attacker.example",
        universe_domain: "attacker.example",
        audience: "attacker",
        requestReason: "pwned",
        serviceAccount: "evil@attacker.iam.gserviceaccount.com",
        subject: "evil@attacker.example",
        idTokenAudience: "https://attacker.example",
        scopes: [`${ATTACKER}/scope`],
        accessTokenScopes: [`${ATTACKER}/scope`],
        delegates: ["evil@attacker.iam.gserviceaccount.com"],
        project_id: "attacker-project",
        projectId: "attacker-project",
        onSecret: steal,
        onAuthToken: steal,
        onCredentialsFile: steal,
        notice: steal,
        log: { debug: steal, info: steal },
        retry: { attempts: 100 },
      });
      let result;
      try {
        result = await authenticate({
          ...options,
          fetch: google.fetch,
          tokenFormat: "access_token",
        });
      } finally {
        clean();
      }
      assert.deepEqual(stolen, []);
      assert.ok(google.requests.length > 0);
      for (const request of google.requests) {
        assert.match(
          request.url.origin,
          /^https:\/\/(runner\.example|[a-z0-9]+\.googleapis\.com)$/,
        );
        assert.equal(request.headers.get("x-goog-request-reason"), null);
        assert.doesNotMatch(request.body, /attacker|evil/);
      }
      assert.notEqual(result.projectId, "attacker-project");
    });
  }
});

Deno.test("the flow functions read only own options: a polluted baseUrl, scopes or delegates is ignored", async () => {
  const google = fakeGoogle(() => undefined);
  const clean = pollutePrototype({
    baseUrl: ATTACKER,
    scope: `${ATTACKER}/scope`,
    scopes: [`${ATTACKER}/scope`],
    delegates: ["evil@attacker.iam.gserviceaccount.com"],
  });
  try {
    await exchangeToken({
      audience: "//iam.googleapis.com/x",
      subjectToken: "t",
      fetch: google.fetch,
    });
    await generateAccessToken({
      serviceAccount: "a@p.iam.gserviceaccount.com",
      authToken: "t",
      fetch: google.fetch,
    });
  } finally {
    clean();
  }
  assert.equal(google.requests.length, 2);
  for (const request of google.requests) {
    assert.match(request.url.origin, /^https:\/\/[a-z]+\.googleapis\.com$/);
    assert.doesNotMatch(request.body, /attacker/);
  }
});

Deno.test("a secret pasted into the wrong option or input is described, never quoted", async (t) => {
  const { json, key } = await testKey();
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
  const secrets: [string, string, RegExp][] = [
    ["key JSON", json, /looks like JSON, \d+ characters, not shown/],
    ["key JSON, indented", JSON.stringify(key, null, 2), /looks like JSON/],
    ["base64 key JSON", btoa(json), /looks like a JWT or base64-encoded JSON/],
    ["PEM private key", key.private_key, /looks like a PEM block/],
    ["JWT", jwt, /looks like a JWT or base64-encoded JSON/],
    ["opaque base64", btoa("x".repeat(60)), /looks like base64 data/],
  ];
  const base = {
    workloadIdentityProvider: PROVIDER,
    oidcRequest: { url: "https://runner.example/token", token: "t" },
  };
  const places: [string, (secret: string) => unknown][] = [
    ["workloadIdentityProvider", (secret) => parseWorkloadIdentityProvider(secret)],
    [
      "serviceAccount",
      (secret) => validateAuthenticateOptions({ ...base, serviceAccount: secret }),
    ],
    [
      "tokenFormat",
      (secret) => validateAuthenticateOptions({ ...base, tokenFormat: secret as "" }),
    ],
    ["universe", (secret) => validateAuthenticateOptions({ ...base, universe: secret })],
    [
      "endpoints.sts",
      (secret) => validateAuthenticateOptions({ ...base, endpoints: { sts: secret } }),
    ],
  ];
  for (const [place, use] of places) {
    for (const [name, secret, described] of secrets) {
      // A JWT's three dot-separated parts are a valid domain name.
      if (place === "universe" && name === "JWT") continue;
      await t.step(`${name} in ${place}`, () => {
        const error = (() => {
          try {
            use(secret);
          } catch (error) {
            return error as Error;
          }
          assert.fail("accepted");
        })();
        assert.match(error.message, described);
        for (const part of [key.private_key_id, key.project_id, "BEGIN", "MII", jwt.slice(0, 12)]) {
          assert.ok(!error.message.includes(part), `${part} in: ${error.message}`);
        }
        assert.ok(!error.message.includes(secret.slice(0, 8)), error.message);
      });
    }
  }
});
