import assert from "node:assert/strict";
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { CredentialsError } from "../../../auth/mod.ts";
import { signJwtWithKey } from "../../../auth/keys/mod.ts";
import { testKey } from "../../support/keys.ts";

Deno.test("signJwtWithKey() signs RS256 with the key's kid, verifiable with the public key", async () => {
  const { key, publicKey } = await testKey();
  const claims = {
    iss: key.client_email,
    sub: "user@example.com",
    aud: "https://x/",
    iat: 1,
    exp: 2,
  };
  const jwt = await signJwtWithKey(key, claims);
  assert.deepEqual(decodeProtectedHeader(jwt), { alg: "RS256", typ: "JWT", kid: "test-key-id" });
  const { payload } = await jwtVerify(jwt, publicKey, { currentDate: new Date(1500) });
  assert.deepEqual(payload, claims);
});

async function pkcs8Of(algorithm: RsaHashedKeyGenParams | EcKeyGenParams): Promise<string> {
  const pair = await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  return await exportPKCS8((pair as CryptoKeyPair).privateKey);
}

Deno.test("signJwtWithKey() rejects a key that is not a PKCS #8 RSA key of 2048 bits or more", async (t) => {
  const { key } = await testKey();
  const cases: Record<string, string> = {
    "a PKCS #1 PEM": key.private_key.replaceAll("PRIVATE KEY", "RSA PRIVATE KEY"),
    "a PEM whose body is not base64": "-----BEGIN PRIVATE KEY-----\n%%%\n-----END PRIVATE KEY-----",
    "a truncated key": key.private_key.slice(0, 200) + "\n-----END PRIVATE KEY-----",
    "an EC P-256 key": await pkcs8Of({ name: "ECDSA", namedCurve: "P-256" }),
    "an RSA 1024 key": await pkcs8Of({
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 1024,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    }),
  };
  for (const [name, privateKey] of Object.entries(cases)) {
    await t.step(name, async () => {
      const error = await signJwtWithKey({ ...key, private_key: privateKey }, { sub: "x" }).then(
        () => assert.fail("expected an error"),
        (error: unknown) => error,
      );
      assert.ok(error instanceof CredentialsError);
      assert.equal(error.code, "ERR_KEY_PRIVATE_KEY_INVALID");
      assert.match(error.message, /key-sa@test-project.*PKCS #8 RSA private key of at least 2048/);
      assert.ok(!error.message.includes(privateKey.split("\n")[1]!));
    });
  }
});

// The default signer imports each key once: a refresh signs with the kept CryptoKey.
const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };

Deno.test("signJwtWithKey() imports a key once and signs with it again; a refused key is retried", async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const key = {
    type: "service_account" as const,
    private_key: await exportPKCS8(privateKey),
    client_email: "sa@p.iam.gserviceaccount.com",
  };
  const subtle = crypto.subtle;
  const original = subtle.importKey;
  let imports = 0;
  subtle.importKey = function (...args: Parameters<SubtleCrypto["importKey"]>) {
    imports++;
    return original.apply(subtle, args);
  } as SubtleCrypto["importKey"];
  try {
    const jwts = [];
    for (let i = 0; i < 3; i++) jwts.push(await signJwtWithKey(key, { i }));
    assert.equal(imports, 1);
    for (const jwt of jwts) {
      const [header, payload, signature] = jwt.split(".");
      const data = new TextEncoder().encode(`${header}.${payload}`);
      const bytes = Uint8Array.from(
        atob(signature!.replace(/-/g, "+").replace(/_/g, "/")),
        (c) => c.charCodeAt(0),
      );
      assert.ok(await subtle.verify("RSASSA-PKCS1-v1_5", publicKey, bytes, data));
    }
    // Too short a key: imported, then refused; nothing is kept, so each call imports it again.
    const short = await subtle.generateKey(
      { ...RS256, modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ["sign"],
    );
    const der = new Uint8Array(await subtle.exportKey("pkcs8", short.privateKey));
    const body = btoa(String.fromCharCode(...der));
    const pem = `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
    const broken = { ...key, private_key: pem };
    for (let i = 0; i < 2; i++) {
      await assert.rejects(signJwtWithKey(broken, {}), { code: "ERR_KEY_PRIVATE_KEY_INVALID" });
    }
    assert.equal(imports, 3);
  } finally {
    subtle.importKey = original;
  }
});
