// GitHub's OIDC token endpoint as a runner job sees it: GET the request URL with the request token
// as bearer and an `audience` query parameter; answers `{ count, value }` with an RS256 JWT.
// Also the issuer's discovery document and JWKS, so tokens can be verified like GitHub's.
import { SignJWT } from "jose";
import type { State } from "../_core/state.ts";
import { bearerToken, type Incoming, jsonResponse } from "../_core/wire.ts";

/** Path of the token endpoint (the request URL adds `?api-version=2.0`). */
export const OIDC_PATH = "/github/idtoken";
/** Path of the JWKS. */
export const JWKS_PATH = "/github/.well-known/jwks";
/** Path of the discovery document. */
export const DISCOVERY_PATH = "/github/.well-known/openid-configuration";

/** Answers an OIDC token request. */
export async function githubOidcToken(request: Incoming, state: State): Promise<Response> {
  const { config } = state;
  if (request.method !== "GET") return jsonResponse({ message: "Method not allowed" }, 405);
  if (bearerToken(request) !== config.requestToken) {
    return jsonResponse(
      { message: "Bad credentials: the request token is not valid for this job" },
      401,
    );
  }
  if (request.url.searchParams.get("api-version") !== "2.0") {
    return jsonResponse({ message: "The api-version query parameter must be 2.0" }, 400);
  }
  const audiences = request.url.searchParams.getAll("audience");
  if (audiences.length > 1) return jsonResponse({ message: "Only one audience is allowed" }, 400);
  const claims = config.githubClaims;
  const audience = audiences[0] || `https://github.com/${claims.repository_owner}`;
  const key = await state.githubKey();
  const iat = Math.floor(config.now() / 1000);
  const value = await new SignJWT({ jti: crypto.randomUUID(), ...claims })
    .setProtectedHeader({ typ: "JWT", alg: "RS256", kid: key.kid })
    .setIssuer(config.githubIssuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setNotBefore(iat - 5)
    .setExpirationTime(iat + config.githubTokenLifetime)
    .sign(key.privateKey);
  return jsonResponse({ count: value.length, value });
}

/** Answers the JWKS and the discovery document of the GitHub issuer. */
export async function githubIssuerDocument(request: Incoming, state: State): Promise<Response> {
  if (request.url.pathname === JWKS_PATH) return jsonResponse(await state.jwks("github"));
  return jsonResponse({
    issuer: state.config.githubIssuer,
    jwks_uri: new URL(JWKS_PATH, request.url).href,
    subject_types_supported: ["public", "pairwise"],
    response_types_supported: ["id_token"],
    claims_supported: [
      "sub",
      "aud",
      "exp",
      "iat",
      "iss",
      "jti",
      "nbf",
      ...Object.keys(state.config.githubClaims),
    ],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid"],
  });
}
