// A service account key whose private_key is a PKCS #8 PEM (so it passes the parse) that Web
// Crypto refuses to sign with (RSA under 2048 bits, an EC key) fails at the first token with
// ERR_KEY_PRIVATE_KEY_INVALID naming the input the key came in: the credentials file, the
// `credentials` option or credentials JSON (option "credentials"), or authenticate()'s
// `credentialsJson`. A PEM without its END line (cut short) or its line breaks is refused where the
// key is read, before any signer sees it, on the same paths. No part of the PEM body reaches the
// error.
import assert from "node:assert/strict";
import { exportPKCS8 } from "jose";
import {
  authenticate,
  CredentialsError,
  credentialsFromJson,
  loadCredentials,
} from "../../../auth/mod.ts";
import { testKey } from "../../support/keys.ts";

/** The PKCS #8 PEM of a fresh private key (Web Crypto's key generation). */
async function pkcs8Of(algorithm: RsaHashedKeyGenParams | EcKeyGenParams): Promise<string> {
  const pair = await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  return await exportPKCS8((pair as CryptoKeyPair).privateKey);
}

const KEYS: Record<string, () => Promise<string>> = {
  "an RSA 1024 key": () =>
    pkcs8Of({
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 1024,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    }),
  "an EC P-256 key": () => pkcs8Of({ name: "ECDSA", namedCurve: "P-256" }),
};

const EMAIL = "bad-key@p.iam.gserviceaccount.com";
const UNUSABLE = '"private_key" is not a PKCS #8 RSA private key of at least 2048 bits';
const noCall = () => Promise.reject(new Error("no call expected"));

/** The key file of `pem`, with `extra` fields. */
function keyFile(pem: string, extra: Record<string, unknown> = {}) {
  return {
    type: "service_account",
    project_id: "p",
    private_key_id: "kid",
    private_key: pem,
    client_email: EMAIL,
    ...extra,
  };
}

/** One way a key reaches a signature, and what the error must name. */
interface Path {
  name: string;
  fail: (pem: string) => Promise<unknown>;
  option: string;
  /** The start of the message, naming the input. */
  message: string;
}

const PATHS: Path[] = [
  {
    name: "credentialsFromJson(), access token",
    fail: (pem) =>
      credentialsFromJson(JSON.stringify(keyFile(pem)), { fetch: noCall }).getAccessToken(),
    option: "credentials",
    message: "Cannot use credentials JSON (service_account): ",
  },
  {
    name: "credentialsFromJson(), ID token",
    fail: (pem) => credentialsFromJson(keyFile(pem), { fetch: noCall }).getIdToken("https://a"),
    option: "credentials",
    message: "Cannot use credentials JSON (service_account): ",
  },
  {
    name: "credentialsFromJson(), self-signed token outside googleapis.com",
    fail: (pem) =>
      credentialsFromJson(keyFile(pem, { universe_domain: "example.com" }), { fetch: noCall })
        .getAccessToken(),
    option: "credentials",
    message: "Cannot use credentials JSON (service_account): ",
  },
  {
    name: "credentialsFromJson(), impersonation from a key",
    fail: (pem) =>
      credentialsFromJson({
        type: "impersonated_service_account",
        service_account_impersonation_url:
          "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/t@p.iam.gserviceaccount.com:generateAccessToken",
        source_credentials: keyFile(pem),
      }, { fetch: noCall }).getAccessToken(),
    option: "credentials",
    message: "Cannot use credentials JSON (impersonated_service_account source_credentials): ",
  },
  {
    name: "loadCredentials({ credentials })",
    fail: async (pem) =>
      await (await loadCredentials({ credentials: keyFile(pem), env: {}, fetch: noCall }))
        .getAccessToken(),
    option: "credentials",
    message: "Cannot use the credentials option (service_account): ",
  },
  {
    name: "loadCredentials(), GOOGLE_APPLICATION_CREDENTIALS",
    fail: async (pem) =>
      await (await loadCredentials({
        env: { GOOGLE_APPLICATION_CREDENTIALS: "/keys/bad.json" },
        readFile: (path) =>
          Promise.resolve(path === "/keys/bad.json" ? JSON.stringify(keyFile(pem)) : ""),
        fetch: noCall,
      })).getAccessToken(),
    option: "credentials",
    message:
      'Cannot use credentials file "/keys/bad.json" (GOOGLE_APPLICATION_CREDENTIALS) (service_account): ',
  },
  {
    name: "loadCredentials(), gcloud's well-known file",
    fail: async (pem) =>
      await (await loadCredentials({
        env: { CLOUDSDK_CONFIG: "/gcloud" },
        readFile: () => Promise.resolve(JSON.stringify(keyFile(pem))),
        fetch: noCall,
      })).getAccessToken(),
    option: "credentials",
    message:
      'Cannot use credentials file "/gcloud/application_default_credentials.json" (service_account): ',
  },
  {
    name: "authenticate({ credentialsJson })",
    fail: (pem) => authenticate({ credentialsJson: JSON.stringify(keyFile(pem)), fetch: noCall }),
    option: "credentialsJson",
    message: `Failed to sign JWT using private key for ${EMAIL}: `,
  },
];

/** Every text of `error` a log or a report could show: String(), message, own properties. */
function textsOf(error: Error): string[] {
  const own = Object.fromEntries(
    Object.getOwnPropertyNames(error).map((name) => [name, (error as never)[name]]),
  );
  return [String(error), error.message, JSON.stringify(own), String(error.cause)];
}

/**
 * The 16 characters of the PEM body at each multiple of 8 of each line: any run of 24 or more
 * characters of a line holds one of them.
 */
function fragmentsOf(pem: string): string[] {
  const fragments = pem.split("\n").filter((line) => !line.startsWith("-----"))
    .flatMap((line) => [...line.matchAll(/(?=(.{16}))(?:.{8})/g)].map((match) => match[1]!));
  assert.ok(fragments.length >= 10);
  return fragments;
}

/** Asserts that no text of `error` holds one of `fragments`. */
function assertNoKeyMaterial(error: Error, fragments: string[]): void {
  for (const text of textsOf(error)) {
    for (const part of fragments) assert.ok(!text.includes(part), "key material in the error");
  }
}

Deno.test("a PKCS #8 key Web Crypto refuses is ERR_KEY_PRIVATE_KEY_INVALID naming its input", async (t) => {
  for (const [kind, generate] of Object.entries(KEYS)) {
    const pem = await generate();
    const fragments = fragmentsOf(pem);
    for (const path of PATHS) {
      await t.step(`${kind}: ${path.name}`, async () => {
        const error = await path.fail(pem).then(
          () => assert.fail("expected an error"),
          (error: unknown) => error,
        );
        assert.ok(error instanceof CredentialsError, String(error));
        assert.equal(error.code, "ERR_KEY_PRIVATE_KEY_INVALID");
        assert.equal(error.option, path.option);
        assert.equal(error.message, `${path.message}${UNUSABLE}`);
        assertNoKeyMaterial(error, fragments);
      });
    }
  }
});

const CUT_SHORT =
  '"private_key" has no END PRIVATE KEY line: it was cut short (often in a copy and paste); use the whole key file';
const LOST_LINE_BREAKS =
  '"private_key" has lost its line breaks: its BEGIN PRIVATE KEY and END PRIVATE KEY lines must each be on a line of their own (Node, google-auth-library and gcloud refuse it otherwise); pass the key file as downloaded, or its base64';

Deno.test("a PEM cut short or without its line breaks is refused where the key is read, naming its input, before any signer", async (t) => {
  const whole = (await testKey()).key.private_key;
  const fragments = fragmentsOf(whole);
  const signed: string[] = [];
  const signRs256 = (pem: string) => (signed.push(pem), Promise.reject(new Error("no signature")));
  const paths: (Path & { code: string })[] = [
    {
      name: "authenticate({ credentialsJson })",
      fail: (pem) =>
        authenticate({ credentialsJson: JSON.stringify(keyFile(pem)), signRs256, fetch: noCall }),
      code: "ERR_KEY_PRIVATE_KEY_INVALID",
      option: "credentialsJson",
      message: "Cannot use service account key: ",
    },
    ...PATHS.filter((path) => path.option === "credentials").map((path) => ({
      ...path,
      code: "ERR_KEY_PRIVATE_KEY_INVALID",
    })),
  ];
  const cuts: Record<string, [pem: string, problem: string]> = {
    "without its END line": [whole.replace("-----END PRIVATE KEY-----", ""), CUT_SHORT],
    "cut short in its body": [whole.slice(0, whole.length - 200), CUT_SHORT],
    "on one line": [whole.replace(/\n/g, ""), LOST_LINE_BREAKS],
  };
  for (const [cut, [pem, problem]] of Object.entries(cuts)) {
    for (const path of paths) {
      await t.step(`${cut}: ${path.name}`, async () => {
        const error = await (async () => await path.fail(pem))().then(
          () => assert.fail("expected an error"),
          (error: unknown) => error,
        );
        assert.ok(error instanceof CredentialsError, String(error));
        assert.equal(error.code, path.code);
        assert.equal(error.option, path.option);
        assert.equal(error.message, `${path.message}${problem}`);
        assertNoKeyMaterial(error, fragments);
      });
    }
  }
  assert.deepEqual(signed, []);
});
