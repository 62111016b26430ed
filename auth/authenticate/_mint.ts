/**
 * The token `authenticate()` mints after the auth token, as the options ask: an access token
 * (also by domain-wide delegation) or an ID token of the service account.
 *
 * @module
 */

import { buildDomainWideDelegationClaims } from "../keys/domain_wide_delegation.ts";
import { generateAccessToken, generateIdToken, signJwt } from "../flows/iam_credentials.ts";
import { exchangeJwtBearer } from "../flows/oauth2_token.ts";
import { signJwtWithKey } from "../keys/jwt.ts";
import type { ServiceAccountKey } from "../keys/service_account_key.ts";
import { type AuthenticateResult, type Run, withExpiry } from "./run.ts";

/** The access or ID token the options ask for, minted as `serviceAccount` with `authToken`. */
export async function mint(
  flow: Run,
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
    return withExpiry(idToken, "idToken");
  }
  if (plan.subject === undefined) {
    call.log?.debug(`Creating access token for ${serviceAccount}`);
    const accessToken = await generateAccessToken({
      ...iam,
      scopes: plan.scopes,
      lifetimeSeconds: plan.lifetimeSeconds,
    });
    flow.secret(accessToken.token);
    return withExpiry(accessToken, "accessToken");
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
  return withExpiry(accessToken, "accessToken");
}
