// `service_account` key files: a jwt-bearer assertion signed with the key, exchanged at the
// key's token_uri for an access token, or for an ID token with `target_audience`.
import { type JWTPayload, signJwt, signWithPrivateKey } from "../../keys/jwt.ts";
import { UNUSABLE_PRIVATE_KEY } from "../../keys/_private_key.ts";
import { checkServiceAccountKey } from "../../keys/service_account_key.ts";
import { DEFAULT_UNIVERSE } from "../../universe.ts";
import { HINTS } from "../../_hints.ts";
import {
  JWT_BEARER_GRANT_TYPE,
  jwtBearerHint,
  requestOAuth2Token,
} from "../../flows/oauth2_token.ts";
import type { ExpiringToken } from "../../types.ts";
import {
  fieldError,
  type Fields,
  optionalString,
  tokenFailure,
  tokenUri,
  universeOf,
} from "./fields.ts";
import type { FetchContext, TokenSource } from "./source.ts";

const ASSERTION_LIFETIME_SECONDS = 3600;

/** The clock of `context` in whole seconds, as JWT claims count time. */
function nowSeconds(context: FetchContext): number {
  return Math.floor((context.call.now ?? Date.now)() / 1000);
}

/** Validates a `service_account` key file and returns its source. */
export function serviceAccountSource(fields: Fields): TokenSource {
  const key = checkServiceAccountKey(fields.record, {
    option: "credentials",
    label: `${fields.origin} (${fields.what})`,
    requireKeyId: false,
  });
  const clientEmail = key.client_email;
  const universeDomain = universeOf(fields);
  const tokenUrl = tokenUri(fields);
  const projectId = optionalString(fields, "project_id");
  // A key that passed the PEM check above and that Web Crypto still refuses (RSA under 2048 bits,
  // not RSA) is this file's field, as every other problem of the file is.
  const keyError = (cause: unknown) =>
    fieldError(fields, UNUSABLE_PRIVATE_KEY, "ERR_KEY_PRIVATE_KEY_INVALID", cause);
  const sign = (claims: JWTPayload) => signJwt(key, claims, keyError);

  async function assertionToken(
    claims: Record<string, string>,
    field: "access_token" | "id_token",
    context: FetchContext,
  ): Promise<ExpiringToken> {
    const iat = nowSeconds(context);
    const assertion = await sign({
      iss: clientEmail,
      aud: tokenUrl,
      iat,
      exp: iat + ASSERTION_LIFETIME_SECONDS,
      ...claims,
    });
    return await requestOAuth2Token({
      tokenUrl,
      form: { grant_type: JWT_BEARER_GRANT_TYPE, assertion },
      field,
      message: tokenFailure(field, clientEmail, tokenUrl),
      secrets: [assertion],
      hint: jwtBearerHint(HINTS.keyRejected),
    }, context.call);
  }

  return {
    serviceAccountEmail: clientEmail,
    projectId,
    async accessToken(context) {
      const scope = context.scopes.join(" ");
      if (universeDomain === DEFAULT_UNIVERSE) {
        return await assertionToken({ scope }, "access_token", context);
      }
      // Outside googleapis.com there is no OAuth2 endpoint: Google's APIs take a self-signed
      // JWT with the scopes as the bearer token.
      const iat = nowSeconds(context);
      const exp = iat + ASSERTION_LIFETIME_SECONDS;
      const token = await sign({
        iss: clientEmail,
        sub: clientEmail,
        scope,
        iat,
        exp,
      });
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async idToken(audience, _includeEmail, context) {
      return await assertionToken({ target_audience: audience }, "id_token", context);
    },
    async sign(data) {
      try {
        return await signWithPrivateKey(key.private_key, data);
      } catch (cause) {
        throw keyError(cause);
      }
    },
  };
}
