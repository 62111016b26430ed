// verifyIapJwt(): accepts the emulator's IAP assertions, refuses the wrong audience, issuer,
// expiry, algorithm and key, and fetches IAP's keys where Google publishes them.
import assert from "node:assert/strict";
import { generateKeyPair, SignJWT } from "jose";
import { AuthError } from "../../../auth/mod.ts";
import { IAP_KEYS_URL, verifyIapJwt } from "../../../auth/verify/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

const AUDIENCE = "/projects/123456789012/global/backendServices/42";

function refused(code: string) {
  return (error: unknown) => error instanceof AuthError && error.code === code;
}

Deno.test("verifyIapJwt against the emulator's IAP", async (t) => {
  await using emulator = await startEmulator();
  const options = { audience: AUDIENCE, keysUrl: emulator.iapKeysUrl };
  await t.step("accepts an assertion, at IAP's keys URL too (emulator.fetch)", async () => {
    const jwt = await emulator.iapJwt({
      audience: AUDIENCE,
      email: "alice@example.com",
      hd: "example.com",
    });
    const claims = await verifyIapJwt(jwt, options);
    assert.deepEqual([claims.email, claims.hd, claims.iss], [
      "alice@example.com",
      "example.com",
      "https://cloud.google.com/iap",
    ]);
    assert.ok(await verifyIapJwt(jwt, { audience: AUDIENCE, fetch: emulator.fetch }));
    assert.ok(emulator.requests.some((r) => r.path === new URL(emulator.iapKeysUrl).pathname));
    assert.equal(IAP_KEYS_URL, "https://www.gstatic.com/iap/verify/public_key-jwk");
  });
  await t.step("refuses another audience", async () => {
    const jwt = await emulator.iapJwt({ audience: "/projects/1/apps/other" });
    await assert.rejects(verifyIapJwt(jwt, options), refused("ERR_TOKEN_AUDIENCE_MISMATCH"));
  });
  await t.step("refuses another issuer", async () => {
    const jwt = await emulator.iapJwt({
      audience: AUDIENCE,
      claims: { iss: "https://accounts.google.com" },
    });
    await assert.rejects(verifyIapJwt(jwt, options), refused("ERR_TOKEN_ISSUER_MISMATCH"));
  });
  await t.step("refuses an expired one", async () => {
    const jwt = await emulator.iapJwt({
      audience: AUDIENCE,
      claims: { exp: Math.floor(Date.now() / 1000) - 400 },
    });
    await assert.rejects(verifyIapJwt(jwt, options), refused("ERR_TOKEN_EXPIRED"));
  });
  await t.step("refuses a bad signature and a not-yet-valid one", async () => {
    const jwt = await emulator.iapJwt({ audience: AUDIENCE });
    await assert.rejects(
      verifyIapJwt(`${jwt.slice(0, -4)}AAAA`, options),
      refused("ERR_TOKEN_SIGNATURE_INVALID"),
    );
    const early = await emulator.iapJwt({
      audience: AUDIENCE,
      claims: { nbf: Math.floor(Date.now() / 1000) + 400 },
    });
    await assert.rejects(verifyIapJwt(early, options), refused("ERR_TOKEN_NOT_YET_VALID"));
  });
  await t.step("refuses one issued in the future and one that lives over a day", async () => {
    const now = Math.floor(Date.now() / 1000);
    const future = await emulator.iapJwt({
      audience: AUDIENCE,
      claims: { iat: now + 7200, exp: now + 7800 },
    });
    await assert.rejects(verifyIapJwt(future, options), refused("ERR_TOKEN_USED_TOO_EARLY"));
    const endless = await emulator.iapJwt({
      audience: AUDIENCE,
      claims: { iat: now, exp: now + 10 * 365 * 86_400 },
    });
    await assert.rejects(verifyIapJwt(endless, options), refused("ERR_TOKEN_LIFETIME_TOO_LONG"));
  });
  await t.step("refuses RS256 (an ID token's algorithm) and an unknown key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const rs = await new SignJWT({ iss: "https://cloud.google.com/iap", aud: AUDIENCE })
      .setProtectedHeader({ alg: "RS256", kid: "x" }).setIssuedAt().setExpirationTime("5m").sign(
        privateKey,
      );
    await assert.rejects(verifyIapJwt(rs, options), refused("ERR_TOKEN_ALGORITHM"));
    const ec = await generateKeyPair("ES256");
    const other = await new SignJWT({ iss: "https://cloud.google.com/iap", aud: AUDIENCE })
      .setProtectedHeader({ alg: "ES256", kid: "not-iap" }).setIssuedAt().setExpirationTime("5m")
      .sign(ec.privateKey);
    await assert.rejects(verifyIapJwt(other, options), refused("ERR_TOKEN_KEY_UNKNOWN"));
  });
});
