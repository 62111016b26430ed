// Google's check of a call's bearer access token: present, issued by the emulator and live, and
// scoped for the service called; otherwise Google's 401 or 403 shapes.
import type { State } from "./state.ts";
import { bearerToken, type Incoming, rpcError } from "./wire.ts";
import type { TokenInfo } from "../types.ts";

/** Google's 401 for credentials it does not accept. */
export const UNAUTHENTICATED =
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

/** What a request's bearer is: no bearer, a live token the emulator issued, or something else. */
export type Bearer =
  | { kind: "missing" }
  | { kind: "token"; info: TokenInfo }
  | { kind: "other"; token: string };

/**
 * Reads a request's bearer. An access token the emulator issued must carry one of the
 * `https://www.<universe>/auth/<scope>` `scopes` (`service` names the API in the 403).
 */
export function bearerOf(
  request: Incoming,
  state: State,
  service: string,
  scopes: readonly string[],
): Bearer | Response {
  const token = bearerToken(request);
  if (token === undefined) return { kind: "missing" };
  const info = state.tokenInfo(token);
  if (info === undefined) return { kind: "other", token };
  const { universe } = state.config;
  const enough = scopes.map((scope) => `https://www.${universe}/auth/${scope}`);
  if (!info.scopes.some((scope) => enough.includes(scope))) {
    return rpcError(403, "Request had insufficient authentication scopes.", [{
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
      domain: "googleapis.com",
      metadata: { service: `${service}.${universe}` },
    }]);
  }
  return { kind: "token", info };
}

/** Google's 401 for a call with no credential. */
export function missingCredential(): Response {
  return rpcError(
    401,
    "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
  );
}
