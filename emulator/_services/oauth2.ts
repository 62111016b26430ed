// Google's OAuth 2.0 token endpoint with the JWT bearer grant (RFC 7523): the assertion must be a
// JSON claims set signed by a key of its `iss` service account, for this endpoint, short-lived and
// scoped; with `sub` it is domain-wide delegation, allowed for the configured scopes only; with
// `target_audience` instead of `scope` the answer is `{ id_token }`. The refresh token grant is in
// oauth2_refresh.ts.
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from "jose";
import { refreshGrant } from "./oauth2_refresh.ts";
import type { State } from "../_core/state.ts";
import {
  type Incoming,
  jsonResponse,
  oauthError,
  parseForm,
  requestReason,
} from "../_core/wire.ts";

/** Path of the token endpoint under the emulator's OAuth2 base. */
export const OAUTH2_TOKEN_PATH = "/oauth2/token";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const TOKEN_LIFETIME_SECONDS = 3600;
const SHORT_LIVED =
  "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.";

/** The assertion's claims, or Google's error when it cannot be decoded. */
function decodedClaims(assertion: string): JWTPayload | Response {
  try {
    decodeProtectedHeader(assertion);
    return decodeJwt(assertion);
  } catch (error) {
    return oauthError(400, "invalid_grant", `Invalid JWT: ${(error as Error).message}`);
  }
}

function checkClaims(
  claims: JWTPayload,
  request: Incoming,
  state: State,
): Response | undefined {
  const { universe, now } = state.config;
  const audience = `https://oauth2.${universe}/token`;
  // Google takes its own token URL; the emulator also takes its own (a key's token_uri).
  if (claims.aud !== audience && claims.aud !== `${request.url.origin}${OAUTH2_TOKEN_PATH}`) {
    return oauthError(
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
    return oauthError(400, "invalid_grant", SHORT_LIVED);
  }
  return undefined;
}

function delegationAllowed(state: State, email: string, scopes: readonly string[]): boolean {
  const allowed = state.config.domainWideDelegation;
  if (allowed === undefined) return true;
  const granted = allowed[email] ?? [];
  return scopes.every((scope) => granted.includes(scope));
}

/** Answers a token request. */
export async function oauth2Token(request: Incoming, state: State): Promise<Response> {
  if (request.method !== "POST") {
    return oauthError(405, "invalid_request", "The token endpoint accepts POST only.");
  }
  const form = parseForm(request);
  if (form instanceof Response) return form;
  if (form.grant_type === "refresh_token") return await refreshGrant(form, request, state);
  if (form.grant_type !== JWT_BEARER) {
    return oauthError(
      400,
      "unsupported_grant_type",
      `Invalid grant_type: ${form.grant_type ?? ""}`,
    );
  }
  const assertion = form.assertion ?? "";
  const claims = decodedClaims(assertion);
  if (claims instanceof Response) return claims;
  // Audience and lifetime first, so an expired assertion says so rather than "signature".
  const problem = checkClaims(claims, request, state);
  if (problem !== undefined) return problem;
  if (await state.verifyServiceAccountJwt(assertion) === undefined) {
    return oauthError(400, "invalid_grant", "Invalid JWT Signature.");
  }
  const email = claims.iss!;
  if (typeof claims.target_audience === "string" && claims.target_audience !== "") {
    const id = state.uniqueId(email);
    return jsonResponse({
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
    return oauthError(400, "invalid_scope", "Invalid OAuth scope or ID token audience provided.");
  }
  const subject = typeof claims.sub === "string" && claims.sub !== email ? claims.sub : undefined;
  if (subject !== undefined && !delegationAllowed(state, email, scopes)) {
    return oauthError(
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
    ...requestReason(request),
  }, TOKEN_LIFETIME_SECONDS);
  return jsonResponse({
    access_token: access,
    expires_in: TOKEN_LIFETIME_SECONDS - 1,
    token_type: "Bearer",
  });
}
