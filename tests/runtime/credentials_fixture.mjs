// The credentials files the credentials checks use, made by the emulator (and the step's file by
// authenticate()), and the check that every token the checks got was issued by that emulator.
import assert from "node:assert/strict";

/**
 * @param {any} authMod The auth module namespace.
 * @param {any} emu A started emulator.
 * @returns {Promise<{
 *   files: Record<string, string>,
 *   metadataHost: string,
 *   googleCertsUrl: string,
 *   workforceUser: string,
 *   stsTokenUrl: string,
 *   storageUrl: string,
 *   aws: { file: string, env: Record<string, string> },
 *   executable: { file: string, subjectToken: string },
 *   x509: { file: string, certificate: string, presents: boolean },
 * }>}
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
    aws: { file: emu.aws.credentialsFile(), env: emu.aws.env },
    executable: { file: executableFile(emu), subjectToken: await subjectToken(emu) },
    // Whether the runtime presents a client certificate itself: the runner of the checks says.
    x509: {
      file: emu.x509.credentialsFile({ certificateConfigLocation: "/x509/config.json" }),
      certificate: emu.x509.certificate,
      presents: false,
    },
  };
}

/** A GitHub OIDC token for the emulator's provider, as an executable source's program gives. */
async function subjectToken(emu) {
  const url = new URL(emu.oidcRequest.url);
  url.searchParams.set("audience", `https://iam.googleapis.com/${emu.provider}`);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${emu.oidcRequest.token}` },
  });
  return (await response.json()).value;
}

/**
 * An executable source whose command the runner of the checks replaces (it knows the runtime):
 * tests/support/executable_tool.mjs, which prints the token it is given.
 */
function executableFile(emu) {
  return JSON.stringify({
    type: "external_account",
    audience: `//iam.googleapis.com/${emu.provider}`,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: `${emu.endpoints.sts}/token`,
    credential_source: { executable: { command: "executable_tool", timeout_millis: 30000 } },
  });
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
