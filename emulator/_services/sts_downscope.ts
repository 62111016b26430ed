// Downscoping at STS (Credential Access Boundaries): the subject is an access token the emulator
// issued, `options.accessBoundary` the rules. The answer is a token of the same identity that
// reaches only what the rules allow, with the source token's expiry and no `expires_in`, as STS
// answers for Google-issued short-lived tokens. A token that already has a boundary, or one of a
// workforce pool (which Credential Access Boundaries do not support), is refused.
import { parseAccessBoundary } from "../_core/access_boundary.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, jsonResponse, oauthError, requestReason } from "../_core/wire.ts";
import type { ExchangeOptions } from "./sts_options.ts";

const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

function invalid(description: string): Response {
  return oauthError(400, "invalid_request", description);
}

/** Answers a downscoping exchange of `subjectToken` under `options.accessBoundary`. */
export function downscope(
  subjectToken: string,
  options: ExchangeOptions,
  request: Incoming,
  state: State,
): Response {
  if (options.accessBoundary === undefined) {
    return invalid(
      'An access token subject needs "options" with an "accessBoundary" (Credential Access Boundary).',
    );
  }
  const source = state.tokenInfo(subjectToken);
  if (source === undefined) {
    return oauthError(400, "invalid_grant", "The subject token is not a valid access token.");
  }
  if (source.accessBoundary !== undefined) {
    return invalid("The subject token already has an access boundary.");
  }
  if (source.principal.includes("/workforcePools/")) {
    return invalid("Credential Access Boundaries are not supported for workforce pool tokens.");
  }
  const rules = parseAccessBoundary(options.accessBoundary, state.config.universe);
  if (typeof rules === "string") return invalid(`Invalid value for "options": ${rules}.`);
  const { issuedAt: _issued, expiresAt, requestReason: _reason, ...identity } = source;
  const token = state.issueTokenUntil(
    { ...identity, accessBoundary: rules, ...requestReason(request) },
    expiresAt,
  );
  return jsonResponse({
    access_token: token,
    issued_token_type: ACCESS_TOKEN,
    token_type: "Bearer",
  });
}
