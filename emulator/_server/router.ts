// Which call a request is, and the handler that answers it.
import {
  DISCOVERY_PATH,
  githubIssuerDocument,
  githubOidcToken,
  JWKS_PATH,
  OIDC_PATH,
} from "../_services/github_oidc.ts";
import { iamCredentials, iamTarget } from "../_services/iam_credentials.ts";
import { isPublicKeyPath, publicKeys } from "../_services/public_keys.ts";
import { IAP_KEYS_PATH, iapKeys } from "../_services/iap.ts";
import { AWS_METADATA_PREFIX, awsMetadataAnswer } from "../_services/aws_metadata.ts";
import { metadataAnswer, metadataRoute } from "../_services/metadata_server.ts";
import { OAUTH2_TOKEN_PATH, oauth2Token } from "../_services/oauth2.ts";
import { getProject, PROJECTS_PREFIX } from "../_services/resource_manager.ts";
import type { State } from "../_core/state.ts";
import { STS_PATH, stsToken } from "../_services/sts.ts";
import { STS_INTROSPECT_PATH, stsIntrospect } from "../_services/sts_introspect.ts";
import { STS_OAUTHTOKEN_PATH, stsOauthToken } from "../_services/sts_oauthtoken.ts";
import {
  STORAGE_BUCKETS_PREFIX,
  STORAGE_DOWNLOAD_PREFIX,
  storageGet,
} from "../_services/storage.ts";
import { type Incoming, rpcError } from "../_core/wire.ts";
import type { EmulatorRoute } from "../types.ts";

/** The route a path belongs to, or `undefined`. */
export function routeOf(path: string): EmulatorRoute | undefined {
  switch (path) {
    case OIDC_PATH:
      return "oidc";
    case JWKS_PATH:
    case DISCOVERY_PATH:
    case IAP_KEYS_PATH:
      return "jwks";
    case STS_PATH:
      return "sts";
    case STS_INTROSPECT_PATH:
      return "stsIntrospect";
    case STS_OAUTHTOKEN_PATH:
      return "stsOauthToken";
    case OAUTH2_TOKEN_PATH:
      return "oauth2Token";
  }
  if (isPublicKeyPath(path)) return "jwks";
  if (path.startsWith(STORAGE_BUCKETS_PREFIX) || path.startsWith(STORAGE_DOWNLOAD_PREFIX)) {
    return "storage";
  }
  if (path.startsWith(AWS_METADATA_PREFIX)) return "awsMetadata";
  if (path.startsWith(PROJECTS_PREFIX) && /^[^/]+$/.test(path.slice(PROJECTS_PREFIX.length))) {
    return "projects";
  }
  return iamTarget(path)?.method ?? metadataRoute(path);
}

/** Answers a request of `route` (from {@linkcode routeOf}) that no fault intercepted. */
export async function answer(
  request: Incoming,
  route: EmulatorRoute | undefined,
  state: State,
): Promise<Response> {
  const path = request.url.pathname;
  switch (route) {
    case "oidc":
      return await githubOidcToken(request, state);
    case "jwks":
      if (path === IAP_KEYS_PATH) return await iapKeys(state);
      if (isPublicKeyPath(path)) return await publicKeys(path, state);
      return await githubIssuerDocument(request, state);
    case "sts":
      return await stsToken(request, state);
    case "stsIntrospect":
      return stsIntrospect(request, state);
    case "stsOauthToken":
      return stsOauthToken(request, state);
    case "storage":
      return storageGet(request, state);
    case "oauth2Token":
      return await oauth2Token(request, state);
    case "generateAccessToken":
    case "generateIdToken":
    case "signJwt":
    case "signBlob":
      return await iamCredentials(request, state, iamTarget(path)!);
    case "projects":
      return getProject(request, state);
    case "awsMetadata":
      return awsMetadataAnswer(request, state);
    case "metadata":
    case "metadataToken":
    case "metadataIdentity":
      return await metadataAnswer(request, state);
    case undefined:
      return rpcError(404, `The requested URL ${path} was not found on this server.`);
  }
}
