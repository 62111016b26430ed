/**
 * Workload Identity Federation for `authenticate()`: the GitHub OIDC token, the credentials file,
 * the STS exchange, then the token the options ask for.
 *
 * @module
 */

import type { ValidatedWorkloadIdentityOptions } from "./options.ts";
import { buildExternalAccountCredentials } from "./credentials_file.ts";
import { githubOidcToken, githubOidcTokenUrl } from "../flows/github_oidc.ts";
import { stsExchange } from "../flows/sts.ts";
import { stsAudience } from "../flows/workload_identity.ts";
import { mint } from "./_mint.ts";
import { type AuthenticateResult, type Run, withExpiry } from "./run.ts";

/**
 * Workload Identity Federation: the GitHub OIDC token, the credentials file, the STS exchange for
 * the auth token, then the access or ID token the options ask for.
 */
export async function federated(
  flow: Run,
  plan: ValidatedWorkloadIdentityOptions,
): Promise<AuthenticateResult> {
  const { call, options } = flow;
  flow.secret(plan.oidcRequest.token);
  call.log?.debug(`Using workload identity provider "${plan.provider.name}"`);
  call.log?.debug(`Requesting GitHub OIDC token for audience "${plan.oidcAudience}"`);
  const oidcToken = flow.secret(
    await githubOidcToken({
      requestUrl: plan.oidcRequest.url,
      requestToken: plan.oidcRequest.token,
      audience: plan.oidcAudience,
    }, call),
  );
  const audience = stsAudience(plan.provider, plan.endpoints.iam);
  const credentialsFile = buildExternalAccountCredentials({
    audience,
    stsEndpoint: plan.endpoints.sts,
    oidcTokenUrl: githubOidcTokenUrl(plan.oidcRequest.url, plan.oidcAudience),
    oidcRequestToken: plan.oidcRequest.token,
    iamCredentialsEndpoint: plan.endpoints.iamcredentials,
    universe: plan.universe,
    // Given even when undefined: an absent field would be read from Object.prototype.
    serviceAccount: plan.serviceAccount,
  });
  await options.onCredentialsFile?.(credentialsFile);
  call.log?.debug(`Exchanging the GitHub OIDC token at STS for ${audience}`);
  const federated = await stsExchange({
    tokenUrl: `${plan.endpoints.sts}/token`,
    audience,
    subjectToken: oidcToken,
    subjectTokenType: "urn:ietf:params:oauth:token-type:jwt",
    scope: `${plan.endpoints.www}/auth/cloud-platform`,
    userProject: undefined,
    client: undefined,
  }, call);
  flow.authToken(federated.token);
  const result: AuthenticateResult = {
    credentialsFile,
    ...withExpiry(federated, "authToken"),
  } as AuthenticateResult;
  if (plan.tokenFormat === "access_token" && plan.serviceAccount === undefined) {
    call.log?.debug("Direct Workload Identity Federation: the federated token is the access token");
    return { ...result, ...withExpiry(federated, "accessToken") };
  }
  if (plan.tokenFormat === "" || plan.serviceAccount === undefined) return result;
  return { ...result, ...(await mint(flow, federated.token, plan.serviceAccount, undefined)) };
}
