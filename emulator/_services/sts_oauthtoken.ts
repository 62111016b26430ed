// STS `/v1/oauthtoken`: the refresh token grant of `external_account_authorized_user` files (a
// workforce pool user signed in with `gcloud auth login --login-config`). The OAuth client must
// authenticate (HTTP Basic, as google-auth-library and Python google-auth send it) and be the
// client the refresh token was issued to; the answer is a federated token of the user, billed to
// the client's project.
import { clientPost } from "../_core/oauth_clients.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, jsonResponse, oauthError, requestReason } from "../_core/wire.ts";

/** Path of the refresh grant under the emulator's STS base. */
export const STS_OAUTHTOKEN_PATH = "/sts/v1/oauthtoken";

const LIFETIME_SECONDS = 3600;
const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";

/** Answers `POST /v1/oauthtoken`. */
export function stsOauthToken(request: Incoming, state: State): Response {
  const post = clientPost(request, state, "token");
  if (post instanceof Response) return post;
  const { form, client } = post;
  if (form.grant_type !== "refresh_token") {
    return oauthError(
      400,
      "unsupported_grant_type",
      `Invalid value for "grant_type": ${form.grant_type ?? ""}`,
    );
  }
  const refresh = state.workforceRefreshToken(form.refresh_token ?? "");
  if (refresh === undefined || refresh.clientId !== client.id) {
    return oauthError(400, "invalid_grant", "The refresh token is invalid or expired.");
  }
  const { universe, workforceProvider } = state.config;
  const token = state.issueToken({
    kind: "federated",
    principal: `principal://iam.${universe}/${workforceProvider.pool}/subject/${refresh.subject}`,
    attributes: {},
    scopes: [CLOUD_PLATFORM],
    clientId: client.id,
    userProject: client.project,
    ...requestReason(request),
  }, LIFETIME_SECONDS);
  return jsonResponse({
    access_token: token,
    expires_in: LIFETIME_SECONDS - 1,
    token_type: "Bearer",
  });
}
