// `external_account_authorized_user` files (a workforce pool user signed in with `gcloud auth login
// --login-config`): the refresh token grant at STS (`token_url`, default
// `https://sts.<universe>/v1/oauthtoken`) with the OAuth client authenticated by HTTP Basic, as
// google-auth-library and Python google-auth send it; a new refresh token in an answer replaces the
// old one, as both libraries do.
import { STS_EXCHANGE_HINT, WORKFORCE_LOGIN_HINT } from "../../_hints.ts";
import { basicAuthorization } from "../../_util/base64url.ts";
import { fieldOf } from "../../_util/json.ts";
import { requestOAuth2Token } from "../../flows/oauth2_token.ts";
import {
  type Fields,
  optionalString,
  requiredString,
  tokenFailure,
  universeOf,
  unsupported,
  urlField,
} from "./fields.ts";
import type { TokenSource } from "./source.ts";

/** Validates an `external_account_authorized_user` file and returns its source. */
export function externalAccountAuthorizedUserSource(fields: Fields): TokenSource {
  const audience = requiredString(fields, "audience");
  let refreshToken = requiredString(fields, "refresh_token");
  const clientId = requiredString(fields, "client_id");
  const clientSecret = requiredString(fields, "client_secret");
  const tokenUrl = urlField(fields, "token_url", `https://sts.${universeOf(fields)}/v1/oauthtoken`);
  // Read for their checks only: gcloud calls them, the libraries do not.
  if (optionalString(fields, "token_info_url") !== undefined) urlField(fields, "token_info_url");
  if (optionalString(fields, "revoke_url") !== undefined) urlField(fields, "revoke_url");
  const authorization = basicAuthorization(clientId, clientSecret);
  return {
    async accessToken(context) {
      const current = refreshToken;
      return await requestOAuth2Token({
        tokenUrl,
        form: { grant_type: "refresh_token", refresh_token: current },
        headers: { authorization },
        field: "access_token",
        code: "ERR_STS_EXCHANGE_FAILED",
        defaultHint: STS_EXCHANGE_HINT,
        message: tokenFailure("access_token", `workforce pool user of ${audience}`, tokenUrl),
        secrets: [current, clientSecret, authorization],
        hint: (details) =>
          details.status === 400 || details.status === 401 ? WORKFORCE_LOGIN_HINT : undefined,
        read: (json) => {
          const rotated = fieldOf(json, "refresh_token");
          if (typeof rotated === "string" && rotated !== "") refreshToken = rotated;
        },
      }, context.call);
    },
    idToken() {
      return Promise.reject(unsupported(
        fields,
        "ID tokens need a service account: a workforce pool user's credentials cannot mint them",
      ));
    },
  };
}
