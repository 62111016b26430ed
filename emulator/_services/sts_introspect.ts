// STS token introspection (RFC 7662), which gcloud calls for the account of an `external_account`
// file without impersonation (and of an `external_account_authorized_user` file): a form POST of
// `token` (and `token_type_hint`) by an authenticated OAuth client. A live token the emulator issued
// is `active` with its client, times, scopes, subject and principal (`username`); any other is
// `{ "active": false }`.
import { clientPost } from "../_core/oauth_clients.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, jsonResponse, oauthError } from "../_core/wire.ts";
import type { TokenInfo } from "../types.ts";

/** Path of introspection under the emulator's STS base. */
export const STS_INTROSPECT_PATH = "/sts/v1/introspect";

/** `sub` (a stable id) and `username` (the principal) of a token's identity. */
function identityOf(info: TokenInfo, state: State): { sub: string; username: string } {
  if (info.kind === "federated") {
    return { sub: info.principal.replace(/^.*\/subject\//s, ""), username: info.principal };
  }
  const email = info.kind === "delegated" ? info.subject ?? info.principal : info.principal;
  return { sub: state.uniqueId(email), username: email };
}

/** Answers `POST /v1/introspect`. */
export function stsIntrospect(request: Incoming, state: State): Response {
  const post = clientPost(request, state, "introspection");
  if (post instanceof Response) return post;
  const { form, client } = post;
  const token = form.token ?? "";
  if (token === "") {
    return oauthError(400, "invalid_request", 'Missing required parameter "token".');
  }
  const info = state.tokenInfo(token);
  if (info === undefined) return jsonResponse({ active: false });
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return jsonResponse({
    active: true,
    client_id: info.clientId ?? client.id,
    exp: seconds(info.expiresAt),
    iat: seconds(info.issuedAt),
    iss: `https://sts.${state.config.universe}`,
    scope: info.scopes.join(" "),
    ...identityOf(info, state),
  });
}
