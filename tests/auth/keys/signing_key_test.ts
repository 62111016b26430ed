// The default signer imports each key once: a refresh signs with the kept CryptoKey.
import assert from "node:assert/strict";
import { exportPKCS8, generateKeyPair } from "jose";
import { signJwtWithKey } from "../../../auth/keys/mod.ts";

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
