// A clock 2 h off (here the emulator's, moved as a signer's would be): Google's OAuth2 token
// endpoint refuses the jwt-bearer assertion's iat and exp, and the error's hint speaks of the
// clock, not of the key, on every path that signs an assertion with the local clock.
import assert from "node:assert/strict";
import { authenticate, credentialsFromJson, GoogleApiError } from "../../../auth/mod.ts";
import { HINTS } from "../../../auth/_hints.ts";
import type { Emulator } from "../../../emulator/mod.ts";
import { wifOptions, withEmulator } from "../../../tools/emulator_calls.ts";

const TWO_HOURS = 2 * 3600_000;
const SUBJECT = "user@example.com";

/** The ways an assertion signed on the local clock reaches the OAuth2 token endpoint. */
const PATHS: Record<string, (emulator: Emulator) => Promise<unknown>> = {
  "credentialsFromJson(key).getAccessToken()": async (emulator) =>
    await credentialsFromJson(await emulator.serviceAccountKey()).getAccessToken(),
  "credentialsFromJson(key).getIdToken()": async (emulator) =>
    await credentialsFromJson(await emulator.serviceAccountKey()).getIdToken("https://a.example"),
  "authenticate() key + domain-wide delegation": async (emulator) =>
    await authenticate({
      credentialsJson: await emulator.serviceAccountKey(),
      endpoints: emulator.endpoints,
      tokenFormat: "access_token",
      accessTokenSubject: SUBJECT,
    }),
  "authenticate() WIF + domain-wide delegation (IAM signs)": async (emulator) =>
    await authenticate(wifOptions(emulator, { accessTokenSubject: SUBJECT })),
};

Deno.test("a clock 2 h ahead of Google's: the OAuth2 refusal's hint is the clock's", async (t) => {
  await withEmulator({ now: () => Date.now() - TWO_HOURS }, async (emulator) => {
    for (const [name, fail] of Object.entries(PATHS)) {
      await t.step(name, async () => {
        const error = await fail(emulator).then(
          () => assert.fail("expected an error"),
          (error: unknown) => error,
        );
        assert.ok(error instanceof GoogleApiError, String(error));
        assert.equal(error.code, "ERR_OAUTH2_TOKEN_FAILED");
        assert.equal(error.googleStatus, "invalid_grant");
        assert.match(error.googleMessage ?? "", /Check your iat and exp values/);
        assert.equal(error.hint, HINTS.clock);
      });
    }
  });
});

Deno.test("a clock 2 h behind Google's: the key's OAuth2 refusal's hint is the clock's", async (t) => {
  await withEmulator({ now: () => Date.now() + TWO_HOURS }, async (emulator) => {
    // IAM's signJwt refuses an exp in the past on its own words, so only local signing is here.
    for (const name of Object.keys(PATHS).filter((name) => !name.includes("IAM signs"))) {
      await t.step(name, async () => {
        const error = await PATHS[name]!(emulator).then(
          () => assert.fail("expected an error"),
          (error: unknown) => error,
        );
        assert.ok(error instanceof GoogleApiError, String(error));
        assert.match(error.googleMessage ?? "", /Check your iat and exp values/);
        assert.equal(error.hint, HINTS.clock);
      });
    }
  });
});

Deno.test("other OAuth2 refusals of a key keep the key's hint", async () => {
  await withEmulator({}, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    const unknown = { ...key, client_email: "gone@emulated-project.iam.gserviceaccount.com" };
    const error = await credentialsFromJson(unknown).getAccessToken().then(
      () => assert.fail("expected an error"),
      (error: unknown) => error,
    );
    assert.ok(error instanceof GoogleApiError, String(error));
    assert.doesNotMatch(error.googleMessage ?? "", /iat and exp/);
    assert.equal(error.hint, HINTS.keyRejected);
  });
});
