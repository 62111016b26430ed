/**
 * {@linkcode startEmulator}: GitHub's OIDC token endpoint and Google's STS, IAM Credentials and
 * OAuth2 token endpoints on one loopback port, as strict as the real services.
 *
 * @module
 */

import { resolveConfig } from "./_core/config.ts";
import { OIDC_PATH } from "./_services/github_oidc.ts";
import {
  authorizedUser,
  awsCredentialsFile,
  externalAccountAuthorizedUser,
  impersonatedServiceAccount,
  x509CredentialsFile,
} from "./_core/credentials_files.ts";
import { googleFetch } from "./_core/google_fetch.ts";
import {
  GOOGLE_CERTS_PATH,
  GOOGLE_PEM_CERTS_PATH,
  SERVICE_ACCOUNT_JWKS_PREFIX,
  SERVICE_ACCOUNT_X509_PREFIXES,
} from "./_services/public_keys.ts";
import { IAP_KEYS_PATH, iapJwt } from "./_services/iap.ts";
import { OAUTH2_TOKEN_PATH } from "./_services/oauth2.ts";
import { closeServer, FaultQueue, listen } from "./_server/server.ts";
import { State } from "./_core/state.ts";
import { RequestLog } from "./_core/request_log.ts";
import type { Emulator, EmulatorOptions } from "./types.ts";
import { methodOptions } from "./_core/option_names.ts";

/**
 * Starts the emulator on `127.0.0.1` (a free port unless `options.port` is set).
 *
 * GitHub's side issues RS256 OIDC tokens with a runner job's claims to whoever holds the request
 * token in {@linkcode Emulator.env}. Google's side verifies them at STS against the provider
 * (issuer, allowed audiences, CEL attribute mapping and condition), checks IAM bindings, delegation
 * chains and lifetime limits at IAM Credentials, and verifies JWT bearer assertions at the OAuth2
 * token endpoint, answering with Google's error shapes. Requests are recorded (bounded by
 * `options.record`), and faults (status codes, resets, truncated bodies, latency) can be queued per
 * route.
 *
 * Each emulator has RSA keys of its own (one pair behind GitHub's, Google's and each service
 * account's Google-managed key, under distinct key ids, plus one per user-managed key), so a JWT
 * one emulator signed does not verify at another running beside it. They come from a per-process
 * pool that `close()` gives them back to, so only a start with no closed emulator to inherit from
 * makes a key pair (a few hundred milliseconds).
 *
 * @param options The provider, service accounts, bindings, claims and limits; all optional.
 * @returns The running emulator; call `close()` when done.
 * @throws {TypeError} When an option is invalid (the message names it).
 *
 * @example Workload identity federation and impersonation, end to end
 * ```ts
 * import assert from "node:assert/strict";
 * import { authenticate } from "../auth/mod.ts";
 * import { startEmulator } from "./mod.ts";
 *
 * const emulator = await startEmulator();
 * try {
 *   const result = await authenticate({
 *     workloadIdentityProvider: emulator.provider,
 *     serviceAccount: emulator.serviceAccount,
 *     oidcRequest: emulator.oidcRequest,
 *     endpoints: emulator.endpoints,
 *     tokenFormat: "access_token",
 *   });
 *   assert.equal(emulator.tokenInfo(result.accessToken!)?.principal, emulator.serviceAccount);
 *   assert.deepEqual(emulator.requests.map((r) => r.route), ["oidc", "sts", "generateAccessToken"]);
 * } finally {
 *   await emulator.close();
 * }
 * ```
 *
 * @example An attribute condition that rejects the job
 * ```ts
 * import assert from "node:assert/strict";
 * import { authenticate, GoogleApiError } from "../auth/mod.ts";
 * import { startEmulator } from "./mod.ts";
 *
 * const emulator = await startEmulator({
 *   github: { claims: { repository: "someone/fork" } },
 *   provider: { attributeCondition: "assertion.repository_owner == 'octo-org'" },
 * });
 * try {
 *   await assert.rejects(
 *     authenticate({
 *       workloadIdentityProvider: emulator.provider,
 *       oidcRequest: emulator.oidcRequest,
 *       endpoints: emulator.endpoints,
 *     }),
 *     (error) => error instanceof GoogleApiError && /attribute condition/.test(error.message),
 *   );
 * } finally {
 *   await emulator.close();
 * }
 * ```
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = resolveConfig(options);
  const state = new State(config);
  const faults = new FaultQueue();
  const log = new RequestLog(config.record);
  let listening: Awaited<ReturnType<typeof listen>>;
  let mtls: Awaited<ReturnType<typeof listen>> | undefined;
  let pki: Awaited<ReturnType<typeof state.pki>>;
  try {
    await state.ready();
    pki = await state.pki();
    listening = await listen(state, faults, log);
    mtls = await listen(state, faults, log, pki.server);
  } catch (error) {
    await Promise.all([listening!, mtls].map((it) => it && closeServer(it.server)));
    await state.release();
    throw error;
  }
  const { server, url } = listening;
  const close = async () => {
    await Promise.all([closeServer(server), closeServer(mtls.server)]);
    await state.release();
  };
  const mtlsEndpoints = Object.freeze({
    sts: `${mtls.url}/sts/v1`,
    iamcredentials: `${mtls.url}/iamcredentials/v1`,
  });
  const endpoints = Object.freeze({
    sts: `${url}/sts/v1`,
    iamcredentials: `${url}/iamcredentials/v1`,
    oauth2: `${url}/oauth2`,
    cloudresourcemanager: `${url}/cloudresourcemanager/v1`,
    storage: `${url}/storage/storage/v1`,
  });
  const oidcRequest = Object.freeze({
    url: `${url}${OIDC_PATH}?api-version=2.0`,
    token: config.requestToken,
  });
  const metadataHost = new URL(url).host;
  const tokenUri = `${url}${OAUTH2_TOKEN_PATH}`;
  return {
    url,
    metadataHost,
    endpoints,
    oidcRequest,
    googleCertsUrl: `${url}${GOOGLE_CERTS_PATH}`,
    googlePemCertsUrl: `${url}${GOOGLE_PEM_CERTS_PATH}`,
    iapKeysUrl: `${url}${IAP_KEYS_PATH}`,
    serviceAccountJwksUrl: (email = config.serviceAccounts[0]!) =>
      `${url}${SERVICE_ACCOUNT_JWKS_PREFIX}${encodeURIComponent(email)}`,
    serviceAccountCertsUrl: (email = config.serviceAccounts[0]!) =>
      `${url}${SERVICE_ACCOUNT_X509_PREFIXES[0]}${encodeURIComponent(email)}`,
    iapJwt: (options) =>
      Promise.resolve().then(() => iapJwt(state, methodOptions("iapJwt()", options))),
    fetch: googleFetch(url, config.universe),
    env: Object.freeze({
      ACTIONS_ID_TOKEN_REQUEST_URL: oidcRequest.url,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: oidcRequest.token,
      GHA_ENDPOINT_OVERRIDE_sts: endpoints.sts,
      GHA_ENDPOINT_OVERRIDE_iamcredentials: endpoints.iamcredentials,
      GHA_ENDPOINT_OVERRIDE_oauth2: endpoints.oauth2,
      GCE_METADATA_HOST: metadataHost,
      GCE_METADATA_IP: metadataHost,
    }),
    provider: config.provider.name,
    workforceProvider: config.workforceProvider.name,
    aws: Object.freeze({
      provider: config.aws.provider.name,
      accountId: config.aws.accountId,
      region: config.aws.region,
      env: Object.freeze({
        AWS_ACCESS_KEY_ID: config.aws.userKey.accessKeyId,
        AWS_SECRET_ACCESS_KEY: config.aws.userKey.secretAccessKey,
        AWS_REGION: config.aws.region,
      }),
      credentialsFile: (options = {}) =>
        awsCredentialsFile(state, url, endpoints, methodOptions("aws.credentialsFile()", options)),
    }),
    x509: Object.freeze({
      provider: config.x509.name,
      url: mtls.url,
      endpoints: mtlsEndpoints,
      serverCa: pki.serverCa,
      trustAnchor: pki.root,
      intermediateCa: pki.intermediate,
      certificate: pki.workload.certificate,
      privateKey: pki.workload.privateKey,
      credentialsFile: (options = {}) =>
        x509CredentialsFile(
          state,
          mtlsEndpoints,
          methodOptions("x509.credentialsFile()", options),
        ),
    }),
    serviceAccount: config.serviceAccounts[0]!,
    requests: log.requests,
    serviceAccountKey: (email = config.serviceAccounts[0]!) => {
      if (!state.hasServiceAccount(email)) {
        return Promise.reject(
          new TypeError(`Cannot create a key: service account "${email}" does not exist`),
        );
      }
      return state.createUserKey(email, tokenUri);
    },
    // Promises, so a bad option rejects as serviceAccountKey() does.
    authorizedUser: (options = {}) =>
      Promise.resolve().then(() =>
        authorizedUser(state, tokenUri, methodOptions("authorizedUser()", options))
      ),
    impersonatedServiceAccount: (options = {}) =>
      Promise.resolve().then(() =>
        impersonatedServiceAccount(
          state,
          endpoints.iamcredentials,
          tokenUri,
          methodOptions("impersonatedServiceAccount()", options),
        )
      ),
    externalAccountAuthorizedUser: (options = {}) =>
      Promise.resolve().then(() =>
        externalAccountAuthorizedUser(
          state,
          endpoints.sts,
          methodOptions("externalAccountAuthorizedUser()", options),
        )
      ),
    tokenInfo: (token) => state.tokenInfo(token),
    injectFault: (route, fault) => faults.add(route, fault),
    clearFaults: () => faults.clear(),
    close,
    [Symbol.asyncDispose]: close,
  };
}
