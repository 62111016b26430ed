// Runs tests/runtime/auth_checks.mjs under Deno: against the shared emulator when it exists, and
// always against an adapter over the loopback stand-in with the emulator's interface.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import check from "../runtime/auth_checks.mjs";
import * as auth from "../../auth/mod.ts";
import { startLoopbackGoogle } from "./_loopback_google.ts";
import { testKey } from "./_keys.ts";

const EMULATOR = new URL("../../emulator/mod.ts", import.meta.url);

Deno.test("auth_checks.mjs passes under Deno against an emulator-shaped loopback", async () => {
  const adapter = {
    startEmulator: async () => {
      const loop = await startLoopbackGoogle();
      const { key, json, publicKey } = await testKey();
      loop.trustKey(publicKey, key.client_email);
      return {
        url: loop.url,
        provider: loop.provider,
        serviceAccount: loop.serviceAccount,
        serviceAccountKey: () => json,
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: loop.oidcRequest.url,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: loop.oidcRequest.token,
          GHA_ENDPOINT_OVERRIDE_sts: loop.endpoints.sts,
          GHA_ENDPOINT_OVERRIDE_iamcredentials: loop.endpoints.iamcredentials,
          GHA_ENDPOINT_OVERRIDE_oauth2: loop.endpoints.oauth2,
        },
        close: () => loop.close(),
      };
    },
  };
  assert.equal(await check(auth, adapter), 4);
});

Deno.test({
  name: "auth_checks.mjs passes under Deno against the emulator",
  ignore: !existsSync(EMULATOR),
  fn: async () => {
    const emulator = await import(EMULATOR.href);
    assert.equal(await check(auth, emulator), 4);
  },
});
