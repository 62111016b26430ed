// The credentials files the credentials checks use, made by the emulator (and the step's file by
// authenticate()), and the check that every token the checks got was issued by that emulator.
import assert from "node:assert/strict";

/**
 * @param {any} authMod The auth module namespace.
 * @param {any} emu A started emulator.
 * @returns {Promise<{ files: Record<string, string>, metadataHost: string, googleCertsUrl: string,
 *   workforceUser: string, stsTokenUrl: string, storageUrl: string }>}
 */
export async function credentialsFixture(authMod, emu) {
  const step = await authMod.authenticate({
    workloadIdentityProvider: emu.provider,
    serviceAccount: emu.serviceAccount,
    oidcRequest: emu.oidcRequest,
    endpoints: emu.endpoints,
  });
  return {
    files: {
      external_account: JSON.stringify(step.credentialsFile),
      service_account: await emu.serviceAccountKey(),
      authorized_user: await emu.authorizedUser(),
      impersonated_service_account: await emu.impersonatedServiceAccount(),
    },
    metadataHost: emu.metadataHost,
    googleCertsUrl: emu.googleCertsUrl,
    workforceUser: await emu.externalAccountAuthorizedUser(),
    stsTokenUrl: `${emu.endpoints.sts}/token`,
    storageUrl: emu.endpoints.storage,
  };
}

/**
 * @param {any} emu The emulator the tokens came from.
 * @param {[string, string][]} tokens What the checks got, by credentials type.
 */
export function assertIssuedBy(emu, tokens) {
  assert.ok(tokens.length >= 6, `the checks reported ${tokens.length} tokens`);
  for (const [type, token] of tokens) {
    assert.ok(emu.tokenInfo(token) !== undefined, `${type}: the emulator issued the token`);
  }
}
