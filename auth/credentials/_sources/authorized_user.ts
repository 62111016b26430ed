// `authorized_user` files (gcloud's application default credentials): the refresh_token grant at
// the OAuth2 token endpoint, for access tokens and, with `target_audience`, ID tokens, whose `aud`
// Google sets to the OAuth client id: given, as google-auth-library gives it, with a notice.
import { type Fields, requiredString, tokenFailure, tokenUri } from "./fields.ts";
import { requestOAuth2Token } from "../../flows/oauth2_token.ts";
import type { FetchContext, TokenSource } from "./source.ts";
import type { ExpiringToken } from "../../types.ts";
import { USER_LOGIN_HINT } from "../../_hints.ts";

/** Validates an `authorized_user` file and returns its source. */
export function authorizedUserSource(fields: Fields): TokenSource {
  const clientId = requiredString(fields, "client_id");
  const clientSecret = requiredString(fields, "client_secret");
  const refreshToken = requiredString(fields, "refresh_token");
  const tokenUrl = tokenUri(fields);

  async function refresh(
    extra: Record<string, string>,
    field: "access_token" | "id_token",
    context: FetchContext,
  ): Promise<ExpiringToken> {
    return await requestOAuth2Token({
      tokenUrl,
      form: {
        grant_type: "refresh_token",
        client_id: clientId,
        client_secret: clientSecret,
        refresh_token: refreshToken,
        ...extra,
      },
      field,
      message: tokenFailure(field, `authorized user (client ${clientId})`, tokenUrl),
      secrets: [clientSecret, refreshToken],
      hint: (details) =>
        details.status === 400 || details.status === 401 ? USER_LOGIN_HINT : undefined,
    }, context.call);
  }

  let noticed = false;
  return {
    accessToken: (context) => refresh({}, "access_token", context),
    idToken: (audience, _includeEmail, context) => {
      // Once per credentials: the token works where a user's token is accepted (Cloud Run), not
      // where `aud` is checked (IAP, verifyIdToken()); Go's idtoken and Python refuse these.
      const { log } = context.call;
      if (!noticed && log !== undefined) {
        noticed = true;
        (log.notice ?? log.info).call(
          log,
          `An authorized_user ID token's aud is the OAuth client id ${clientId}, not ${audience}: impersonate a service account for a token with that audience (gcloud auth application-default login --impersonate-service-account=<email>)`,
        );
      }
      return refresh({ target_audience: audience }, "id_token", context);
    },
  };
}
