// The emulator's X.509 material: a closed emulator's serves the next one started in the process
// (making it is most of a start), emulators running side by side each have their own, and one
// whose clock its certificates do not cover gets new material.
import assert from "node:assert/strict";
import { X509Certificate } from "node:crypto";
import { startEmulator } from "../../../emulator/mod.ts";

Deno.test("X.509 material is handed on by closed emulators, never shared by running ones", async () => {
  const first = await startEmulator();
  const anchor = first.x509.trustAnchor;
  await first.close();
  await using second = await startEmulator();
  assert.equal(second.x509.trustAnchor, anchor);
  await using beside = await startEmulator();
  assert.notEqual(beside.x509.trustAnchor, anchor);
  assert.notEqual(beside.x509.certificate, second.x509.certificate);
});

Deno.test("an emulator whose clock is past the material's validity gets new material", async () => {
  const first = await startEmulator();
  const anchor = first.x509.trustAnchor;
  await first.close();
  const later = Date.now() + 30 * 86_400_000;
  await using emulator = await startEmulator({ now: () => later });
  assert.notEqual(emulator.x509.trustAnchor, anchor);
  const leaf = new X509Certificate(emulator.x509.certificate);
  assert.ok(Date.parse(leaf.validFrom) <= later && later <= Date.parse(leaf.validTo));
});
