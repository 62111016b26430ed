// The emulator's IAP: its ES256 keys (cacheable, reachable at Google's URL through
// emulator.fetch) and the assertions iapJwt() mints.
import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { startEmulator } from "../../../emulator/mod.ts";

Deno.test("emulator IAP keys and assertions", async () => {
  await using emulator = await startEmulator();
  const response = await emulator.fetch("https://www.gstatic.com/iap/verify/public_key-jwk");
  assert.match(response.headers.get("cache-control") ?? "", /max-age=\d+/);
  const { keys } = await response.json();
  assert.equal(keys[0].kty, "EC");
  assert.equal(keys[0].crv, "P-256");
  const jwt = await emulator.iapJwt({ audience: "/projects/1/apps/my-app" });
  assert.equal(decodeProtectedHeader(jwt).kid, keys[0].kid);
  const claims = decodeJwt(jwt);
  assert.equal(claims.email, "developer@example.com");
  assert.equal(claims.exp! - claims.iat!, 600);
  await assert.rejects(emulator.iapJwt({ audience: "" }), TypeError);
});
