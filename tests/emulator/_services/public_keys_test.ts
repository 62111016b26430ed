// Google's public keys as the emulator publishes them: the ID token keys as a JWKS and as PEM
// certificates of the same key ids (what Python google-auth and google-auth-library on servers
// read), and each service account's keys the same two ways.
import assert from "node:assert/strict";
import { createPublicKey, verify, X509Certificate } from "node:crypto";
import { decodeProtectedHeader } from "jose";
import { federatedToken, iam, withEmulator } from "../../../tools/emulator_calls.ts";

function base64urlBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

/** Whether the JWT's signature verifies with the key of the PEM certificate. */
function verifiesWith(jwt: string, pem: string): boolean {
  const [header, payload, signature] = jwt.split(".");
  return verify(
    "sha256",
    new TextEncoder().encode(`${header}.${payload}`),
    createPublicKey(pem),
    base64urlBytes(signature!),
  );
}

Deno.test("startEmulator() serves oauth2/v1/certs: a self-signed certificate per key id of v3", async () => {
  const now = Date.UTC(2026, 3, 1, 12, 0, 0);
  await withEmulator({ now: () => now }, async (emulator) => {
    const v3 = await fetch(emulator.googleCertsUrl);
    const jwks = await v3.json();
    const v1 = await fetch(emulator.googlePemCertsUrl);
    assert.equal(v1.status, 200);
    assert.match(v1.headers.get("cache-control") ?? "", /max-age=3600/);
    const pems = await v1.json() as Record<string, string>;
    assert.deepEqual(Object.keys(pems), jwks.keys.map((key: { kid: string }) => key.kid));
    const [kid, pem] = Object.entries(pems)[0]!;
    assert.match(
      pem,
      /^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{64}\n)+[A-Za-z0-9+/=]{1,64}\n-----END CERTIFICATE-----\n$/,
    );
    const certificate = new X509Certificate(pem);
    assert.equal(certificate.subject, "CN=federated-signon.system.gserviceaccount.com");
    assert.equal(certificate.issuer, certificate.subject);
    assert.ok(certificate.verify(certificate.publicKey), "self-signed");
    assert.equal(BigInt(`0x${certificate.serialNumber}`), BigInt(`0x${kid}`));
    assert.equal(new Date(certificate.validFrom).getTime(), now - 3_600_000);
    assert.equal(new Date(certificate.validTo).getTime(), now + 14 * 86_400_000);
    const jwk = certificate.publicKey.export({ format: "jwk" });
    assert.equal(jwk.n, jwks.keys[0].n);
    // An ID token of the emulator verifies with the certificate its kid names, the same on a
    // second fetch.
    const bearer = await federatedToken(emulator);
    const { json } = await iam(emulator, emulator.serviceAccount, "generateIdToken", {
      audience: "https://svc.example",
    }, bearer);
    assert.ok(verifiesWith(json.token, pems[decodeProtectedHeader(json.token).kid!]!));
    assert.deepEqual(await (await fetch(emulator.googlePemCertsUrl)).json(), pems);
  });
});

Deno.test("startEmulator() serves a service account's keys as certificates, under both of Google's paths", async () => {
  await withEmulator({}, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    const url = emulator.serviceAccountCertsUrl();
    assert.match(url, /\/service_accounts\/v1\/metadata\/x509\/ci%40emulated-project/);
    const pems = await (await fetch(url)).json() as Record<string, string>;
    const jwks = await (await fetch(emulator.serviceAccountJwksUrl())).json();
    assert.deepEqual(Object.keys(pems), jwks.keys.map((k: { kid: string }) => k.kid));
    assert.ok(key.private_key_id in pems, "the user-managed key is listed");
    for (const pem of Object.values(pems)) {
      const certificate = new X509Certificate(pem);
      assert.equal(certificate.subject, `CN=${emulator.serviceAccount}`);
      assert.ok(certificate.verify(certificate.publicKey));
    }
    // The key file's client_x509_cert_url names the older path: the same document.
    const robot = new URL(key.client_x509_cert_url);
    assert.equal(robot.pathname.startsWith("/robot/v1/metadata/x509/"), true);
    const viaFetch = await emulator.fetch(key.client_x509_cert_url);
    assert.deepEqual(await viaFetch.json(), pems);
    const unknown = await fetch(
      emulator.serviceAccountCertsUrl("nobody@x.iam.gserviceaccount.com"),
    );
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error.status, "NOT_FOUND");
  });
});
