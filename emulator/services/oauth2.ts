// Google's OAuth 2.0 token endpoint with the JWT bearer grant (RFC 7523): the assertion must be a
// JSON claims set signed by a key of its `iss` service account, for this endpoint, short-lived and
// scoped; with `sub` it is domain-wide delegation, allowed for the configured scopes only; with
// `target_audience` instead of `scope` the answer is `{ id_token }`. The refresh token grant is in
// oauth2_refresh.ts.
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from "jose";
import { _refreshGrant } from "./oauth2_refresh.ts";
import type { _State } from "../_core/state.ts";
import { type _Incoming, _json, _oauthError, _parseForm, _requestReason } from "../_core/wire.ts";

/** Path of the token endpoint under the emulator's OAuth2 base. */
export const OAUTH2_TOKEN_PATH = "/oauth2/token";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const TOKEN_LIFETIME_SECONDS = 3600;
const SHORT_LIVED =
  "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.";

/** The assertion's claims, or Google's error when it cannot be decoded. */
function _decodedClaims(assertion: string): JWTPayload | Response {
  try {
    decodeProtectedHeader(assertion);
    return decodeJwt(assertion);
  } catch (error) {
    return _oauthError(400, "invalid_grant", `Invalid JWT: ${(error as Error).message}`);
  }
}

function _checkClaims(
  claims: JWTPayload,
  request: _Incoming,
  state: _State,
): Response | undefined {
  const { universe, now } = state.config;
  const audience = `https://oauth2.${universe}/token`;
  // Google takes its own token URL; the emulator also takes its own (a key's token_uri).
  if (claims.aud !== audience && claims.aud !== `${request.url.origin}${OAUTH2_TOKEN_PATH}`) {
    return _oauthError(
      400,
      "invalid_grant",
      `Invalid JWT: Failed audience check. The right audience is ${audience}`,
    );
  }
  const seconds = Math.floor(now() / 1000);
  const { iat, exp } = claims;
  if (
    typeof iat !== "number" || typeof exp !== "number" || exp <= seconds || iat > seconds + 60 ||
    exp - iat > TOKEN_LIFETIME_SECONDS
  ) {
    return _oauthError(400, "invalid_grant", SHORT_LIVED);
  }
  return undefined;
}

function _delegationAllowed(state: _State, email: string, scopes: readonly string[]): boolean {
  const allowed = state.config.domainWideDelegation;
  if (allowed === undefined) return true;
  const granted = allowed[email] ?? [];
  return scopes.every((scope) => granted.includes(scope));
}

/** Answers a token request. */
export async function _oauth2Token(request: _Incoming, state: _State): Promise<Response> {
  if (request.method !== "POST") {
    return _oauthError(405, "invalid_request", "The token endpoint accepts POST only.");
  }
  const form = _parseForm(request);
  if (form instanceof Response) return form;
  if (form.grant_type === "refresh_token") return await _refreshGrant(form, request, state);
  if (form.grant_type !== JWT_BEARER) {
    return _oauthError(
      400,
      "unsupported_grant_type",
      `Invalid grant_type: ${form.grant_type ?? ""}`,
    );
  }
  const assertion = form.assertion ?? "";
  const claims = _decodedClaims(assertion);
  if (claims instanceof Response) return claims;
  // Audience and lifetime first, so an expired assertion says so rather than "signature".
  const problem = _checkClaims(claims, request, state);
  if (problem !== undefined) return problem;
  if (await state.verifyServiceAccountJwt(assertion) === undefined) {
    return _oauthError(400, "invalid_grant", "Invalid JWT Signature.");
  }
  const email = claims.iss!;
  if (typeof claims.target_audience === "string" && claims.target_audience !== "") {
    const id = state.uniqueId(email);
    return _json({
      id_token: await state.googleIdToken(claims.target_audience, id, {
        azp: email,
        email,
        email_verified: true,
      }),
    });
  }
  const scopes = typeof claims.scope === "string"
    ? claims.scope.split(" ").filter((scope) => scope !== "")
    : [];
  if (scopes.length === 0) {
    return _oauthError(400, "invalid_scope", "Invalid OAuth scope or ID token audience provided.");
  }
  const subject = typeof claims.sub === "string" && claims.sub !== email ? claims.sub : undefined;
  if (subject !== undefined && !_delegationAllowed(state, email, scopes)) {
    return _oauthError(
      401,
      "unauthorized_client",
      "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
    );
  }
  const access = state.issueToken({
    kind: subject === undefined ? "service_account" : "delegated",
    principal: email,
    attributes: {},
    ...(subject === undefined ? {} : { subject }),
    scopes,
    ..._requestReason(request),
  }, TOKEN_LIFETIME_SECONDS);
  return _json({
    access_token: access,
    expires_in: TOKEN_LIFETIME_SECONDS - 1,
    token_type: "Bearer",
  });
}
