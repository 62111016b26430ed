// The refresh token grant of Google's OAuth 2.0 token endpoint, as `authorized_user` credentials
// (gcloud's application default credentials) use it: the OAuth client authenticates with its id
// and secret (form fields or HTTP Basic), the refresh token must be one the emulator issued, and a
// `scope` may narrow what it granted. With `openid` granted, the answer carries an ID token.
import { clientCredentials } from "../_core/oauth_clients.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, jsonResponse, oauthError, requestReason } from "../_core/wire.ts";

const TOKEN_LIFETIME_SECONDS = 3600;

/** Answers `grant_type=refresh_token`. */
export async function refreshGrant(
  form: Record<string, string>,
  request: Incoming,
  state: State,
): Promise<Response> {
  const [id, secret] = clientCredentials(form, request);
  if (id === "") {
    return oauthError(400, "invalid_request", "Could not determine client ID from request.");
  }
  if (id !== state.oauthClient.id) {
    return oauthError(401, "invalid_client", "The OAuth client was not found.");
  }
  if (secret !== state.oauthClient.secret) {
    return oauthError(401, "invalid_client", "Unauthorized");
  }
  const refreshToken = form.refresh_token ?? "";
  if (refreshToken === "") {
    return oauthError(400, "invalid_request", "Missing required parameter: refresh_token");
  }
  const granted = state.refreshTokenScopes(refreshToken);
  if (granted === undefined) return oauthError(400, "invalid_grant", "Bad Request");
  const asked = (form.scope ?? "").split(" ").filter((scope) => scope !== "");
  const notGranted = asked.filter((scope) => !granted.includes(scope));
  if (notGranted.length > 0) {
    return oauthError(
      400,
      "invalid_scope",
      `Some requested scopes were invalid. {invalid=[${notGranted.join(", ")}]}`,
    );
  }
  const scopes = asked.length > 0 ? asked : granted;
  const user = state.config.user;
  const accessToken = state.issueToken({
    kind: "user",
    principal: user,
    attributes: {},
    scopes,
    ...requestReason(request),
  }, TOKEN_LIFETIME_SECONDS);
  const idToken = scopes.includes("openid")
    ? {
      id_token: await state.googleIdToken(id, state.uniqueId(user), {
        azp: id,
        email: user,
        email_verified: true,
      }),
    }
    : {};
  return jsonResponse({
    access_token: accessToken,
    expires_in: TOKEN_LIFETIME_SECONDS - 1,
    scope: scopes.join(" "),
    token_type: "Bearer",
    ...idToken,
  });
}
