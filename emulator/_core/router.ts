// Which call a request is, and the handler that answers it.
import {
  _githubIssuerDocument,
  _githubOidcToken,
  DISCOVERY_PATH,
  JWKS_PATH,
  OIDC_PATH,
} from "../services/github_oidc.ts";
import {
  _googleCerts,
  _iamCredentials,
  _iamTarget,
  GOOGLE_CERTS_PATH,
} from "../services/iam_credentials.ts";
import { _metadataAnswer, _metadataRoute } from "../services/metadata_server.ts";
import { _oauth2Token, OAUTH2_TOKEN_PATH } from "../services/oauth2.ts";
import { _getProject, PROJECTS_PREFIX } from "../services/resource_manager.ts";
import type { _State } from "./state.ts";
import { _stsToken, STS_PATH } from "../services/sts.ts";
import { type _Incoming, _rpcError } from "./wire.ts";
import type { EmulatorRoute } from "../types.ts";

/** The route a path belongs to, or `undefined`. */
export function _routeOf(path: string): EmulatorRoute | undefined {
  switch (path) {
    case OIDC_PATH:
      return "oidc";
    case JWKS_PATH:
    case DISCOVERY_PATH:
    case GOOGLE_CERTS_PATH:
      return "jwks";
    case STS_PATH:
      return "sts";
    case OAUTH2_TOKEN_PATH:
      return "oauth2Token";
  }
  if (path.startsWith(PROJECTS_PREFIX) && /^[^/]+$/.test(path.slice(PROJECTS_PREFIX.length))) {
    return "projects";
  }
  return _iamTarget(path)?.method ?? _metadataRoute(path);
}

/** Answers a request of `route` (from {@linkcode _routeOf}) that no fault intercepted. */
export async function _answer(
  request: _Incoming,
  route: EmulatorRoute | undefined,
  state: _State,
): Promise<Response> {
  const path = request.url.pathname;
  switch (route) {
    case "oidc":
      return await _githubOidcToken(request, state);
    case "jwks":
      return path === GOOGLE_CERTS_PATH
        ? await _googleCerts(state)
        : await _githubIssuerDocument(request, state);
    case "sts":
      return await _stsToken(request, state);
    case "oauth2Token":
      return await _oauth2Token(request, state);
    case "generateAccessToken":
    case "generateIdToken":
    case "signJwt":
      return await _iamCredentials(request, state, _iamTarget(path)!);
    case "projects":
      return _getProject(request, state);
    case "metadata":
    case "metadataToken":
    case "metadataIdentity":
      return await _metadataAnswer(request, state);
    case undefined:
      return _rpcError(404, `The requested URL ${path} was not found on this server.`);
  }
}
