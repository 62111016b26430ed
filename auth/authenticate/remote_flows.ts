/**
 * The flows of `authenticate()` that call GitHub or Google: Workload Identity Federation, and the
 * access or ID token minted after the auth token. `authenticate()` itself keeps key mode without a
 * token, which calls nothing, so a bundle of that mode alone can leave this module out (the
 * step's key mode bundle does, see build_dist.ts).
 *
 * @module
 */

import type { AuthenticateResult } from "./authenticate.ts";
import type { ValidatedWorkloadIdentityOptions } from "./options.ts";
import { buildExternalAccountCredentials } from "./credentials_file.ts";
import { buildDomainWideDelegationClaims } from "../keys/domain_wide_delegation.ts";
import { githubOidcTokenUrl, requestGithubOidcToken } from "../flows/github_oidc.ts";
import { generateAccessToken, generateIdToken, signJwt } from "../flows/iam_credentials.ts";
import { exchangeJwtBearer } from "../flows/oauth2_token.ts";
import { signJwtWithKey } from "../keys/jwt.ts";
import type { ServiceAccountKey } from "../keys/service_account_key.ts";
import { exchangeToken } from "../flows/sts.ts";
import { stsAudience } from "../flows/workload_identity.ts";
import { type _Flow, _withExpiry } from "./flow.ts";

/** The access or ID token the options ask for, minted as `serviceAccount` with `authToken`. */
export async function _mint(
  flow: _Flow,
  authToken: string,
  serviceAccount: string,
  key: ServiceAccountKey | undefined,
): Promise<Partial<AuthenticateResult>> {
  const { plan, call } = flow;
  const iam = {
    ...call,
    serviceAccount,
    authToken,
    delegates: plan.delegates,
    baseUrl: plan.endpoints.iamcredentials,
  };
  if (plan.tokenFormat === "id_token") {
    call.log?.debug(`Creating ID token for ${serviceAccount}`);
    const idToken = await generateIdToken({
      ...iam,
      audience: plan.idTokenAudience ?? "",
      includeEmail: plan.idTokenIncludeEmail,
    });
    flow.secret(idToken.token);
    return _withExpiry(idToken, "idToken");
  }
  if (plan.subject === undefined) {
    call.log?.debug(`Creating access token for ${serviceAccount}`);
    const accessToken = await generateAccessToken({
      ...iam,
      scopes: plan.scopes,
      lifetimeSeconds: plan.lifetimeSeconds,
    });
    flow.secret(accessToken.token);
    return _withExpiry(accessToken, "accessToken");
  }
  call.log?.debug(`Creating domain-wide delegation access token for ${serviceAccount}`);
  const claims = buildDomainWideDelegationClaims({
    serviceAccount,
    subject: plan.subject,
    scopes: plan.scopes,
    audience: `https://oauth2.${plan.universe}/token`,
    lifetimeSeconds: plan.lifetimeSeconds,
    ...(call.now === undefined ? {} : { now: call.now }),
  });
  const assertion = key !== undefined && key.client_email === serviceAccount
    ? await signJwtWithKey(key, claims, flow.options.signRs256)
    : (await signJwt({ ...iam, claims })).signedJwt;
  flow.secret(assertion);
  const accessToken = await exchangeJwtBearer({
    ...call,
    assertion,
    baseUrl: plan.endpoints.oauth2,
  });
  flow.secret(accessToken.token);
  return _withExpiry(accessToken, "accessToken");
}

/**
 * Workload Identity Federation: the GitHub OIDC token, the credentials file, the STS exchange for
 * the auth token, then the access or ID token the options ask for.
 */
export async function _federated(
  flow: _Flow,
  plan: ValidatedWorkloadIdentityOptions,
): Promise<AuthenticateResult> {
  const { call, options } = flow;
  flow.secret(plan.oidcRequest.token);
  call.log?.debug(`Using workload identity provider "${plan.provider.name}"`);
  call.log?.debug(`Requesting GitHub OIDC token for audience "${plan.oidcAudience}"`);
  const oidcToken = flow.secret(
    await requestGithubOidcToken({
      ...call,
      requestUrl: plan.oidcRequest.url,
      requestToken: plan.oidcRequest.token,
      audience: plan.oidcAudience,
    }),
  );
  const audience = stsAudience(plan.provider, plan.endpoints.iam);
  const credentialsFile = buildExternalAccountCredentials({
    audience,
    stsEndpoint: plan.endpoints.sts,
    oidcTokenUrl: githubOidcTokenUrl(plan.oidcRequest.url, plan.oidcAudience),
    oidcRequestToken: plan.oidcRequest.token,
    iamCredentialsEndpoint: plan.endpoints.iamcredentials,
    universe: plan.universe,
    ...(plan.serviceAccount === undefined ? {} : { serviceAccount: plan.serviceAccount }),
  });
  await options.onCredentialsFile?.(credentialsFile);
  call.log?.debug(`Exchanging the GitHub OIDC token at STS for ${audience}`);
  const federated = await exchangeToken({
    ...call,
    audience,
    subjectToken: oidcToken,
    baseUrl: plan.endpoints.sts,
    scope: `${plan.endpoints.www}/auth/cloud-platform`,
  });
  flow.authToken(federated.token);
  const result: AuthenticateResult = {
    credentialsFile,
    ..._withExpiry(federated, "authToken"),
  } as AuthenticateResult;
  if (plan.tokenFormat === "access_token" && plan.serviceAccount === undefined) {
    call.log?.debug("Direct Workload Identity Federation: the federated token is the access token");
    return { ...result, ..._withExpiry(federated, "accessToken") };
  }
  if (plan.tokenFormat === "" || plan.serviceAccount === undefined) return result;
  return { ...result, ...(await _mint(flow, federated.token, plan.serviceAccount, undefined)) };
}
