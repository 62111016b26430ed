// One form POST to an OAuth 2.0 token endpoint (a key's token_uri, an authorized user's): the
// jwt-bearer and refresh_token grants, for access tokens and for ID tokens.
import { GoogleApiError } from "../../errors.ts";
import { _googleRequest } from "../../_transport/google_request.ts";
import { _requestJson } from "../../_transport/http.ts";
import type { _FailureDetails } from "../../_transport/http.ts";
import { _jwtExpiry } from "../../_util/jwt_decode.ts";
import { _expiresIn, _expiring } from "../../_transport/response.ts";
import type { CallOptions, ExpiringToken } from "../../types.ts";
import { type _Fields, _universeOf, _url } from "./fields.ts";

/** One token request. */
export interface _OAuth2TokenRequest {
  tokenUrl: string;
  form: Record<string, string>;
  /** `access_token`, or `id_token` for a `target_audience` request. */
  field: "access_token" | "id_token";
  /** Whose token it is, for the failure `Failed to get an access token for <who> from <URL>`. */
  who: string;
  /** Form values to redact from errors (assertion, refresh token, client secret). */
  secrets: readonly string[];
  /** The hint of a rejected request. */
  hint: (details: _FailureDetails) => string | undefined;
}

/** A file's OAuth 2.0 token endpoint: `token_uri`, default `https://oauth2.<universe>/token`. */
export function _tokenUri(fields: _Fields): string {
  return _url(fields, "token_uri", `https://oauth2.${_universeOf(fields)}/token`);
}

/** POSTs the form and returns the token with its expiry (`expires_in`, or the ID token's `exp`). */
export async function _requestOAuth2Token(
  request: _OAuth2TokenRequest,
  call: CallOptions,
): Promise<ExpiringToken> {
  // The form (secrets in it) goes into the body only; the failure spec gets the rest.
  const { tokenUrl, form, ...spec } = request;
  const http = _googleRequest(
    "POST {+tokenUrl}",
    tokenUrl,
    { tokenUrl, data: new URLSearchParams(form).toString() },
    call.requestReason,
    { "content-type": "application/x-www-form-urlencoded" },
  );
  const idToken = spec.field === "id_token";
  const response = await _requestJson(http, call, {
    ...spec,
    message: `Failed to get an ${idToken ? "ID" : "access"} token for ${spec.who} from ${tokenUrl}`,
    error: (text, details) => new GoogleApiError("ERR_OAUTH2_TOKEN_FAILED", text, details),
  });
  const { token } = response;
  return _expiring(
    token,
    idToken ? _jwtExpiry(token) : _expiresIn(response.json, "expires_in", call.now),
  );
}
