// Google's public keys under www.googleapis.com: the keys Google signs ID tokens with, as a JWKS
// (`oauth2/v3/certs`) and as PEM certificates by key id (`oauth2/v1/certs`, which Python google-auth
// and google-auth-library on servers read), and each service account's keys the same two ways
// (`service_accounts/v1/jwk/<email>`, `service_accounts/v1/metadata/x509/<email>` and its older
// name `robot/v1/metadata/x509/<email>`, which key files name in `client_x509_cert_url`).
import type { State } from "../_core/state.ts";
import { jsonResponse, rpcError } from "../_core/wire.ts";

/** Path of the JWKS Google's ID tokens verify against (`https://www.googleapis.com/oauth2/v3/certs`). */
export const GOOGLE_CERTS_PATH = "/www/oauth2/v3/certs";

/** Path of the same keys as PEM certificates (`https://www.googleapis.com/oauth2/v1/certs`). */
export const GOOGLE_PEM_CERTS_PATH = "/www/oauth2/v1/certs";

/** Path prefix of a service account's public keys as a JWKS (`www.googleapis.com/service_accounts/v1/jwk/<email>`). */
export const SERVICE_ACCOUNT_JWKS_PREFIX = "/www/service_accounts/v1/jwk/";

/** Path prefixes of a service account's keys as PEM certificates by key id. */
export const SERVICE_ACCOUNT_X509_PREFIXES: readonly string[] = [
  "/www/service_accounts/v1/metadata/x509/",
  "/www/robot/v1/metadata/x509/",
];

/** Google's keys may be cached for an hour, so that verifiers' caching can be tested. */
const CACHEABLE = { "cache-control": "public, max-age=3600, must-revalidate, no-transform" };

/** Whether `path` is one of the public key documents. */
export function isPublicKeyPath(path: string): boolean {
  return path === GOOGLE_CERTS_PATH || path === GOOGLE_PEM_CERTS_PATH ||
    [SERVICE_ACCOUNT_JWKS_PREFIX, ...SERVICE_ACCOUNT_X509_PREFIXES].some((prefix) =>
      path.startsWith(prefix)
    );
}

/** The service account a path names after `prefix`, or Google's 404. */
function accountOf(path: string, prefix: string, state: State): string | Response {
  let name: string;
  try {
    name = decodeURIComponent(path.slice(prefix.length));
  } catch {
    name = "";
  }
  return state.resolveServiceAccount(name) ??
    rpcError(404, `Service account ${name} not found.`);
}

/**
 * Answers a public key document (a path {@linkcode isPublicKeyPath} accepts): Google's keys with
 * Cache-Control, a service account's without (an unknown account is Google's 404).
 */
export async function publicKeys(path: string, state: State): Promise<Response> {
  if (path === GOOGLE_CERTS_PATH) {
    return Response.json(await state.jwks("google"), { headers: CACHEABLE });
  }
  if (path === GOOGLE_PEM_CERTS_PATH) {
    return Response.json(await state.googleCertificates(), { headers: CACHEABLE });
  }
  if (path.startsWith(SERVICE_ACCOUNT_JWKS_PREFIX)) {
    const email = accountOf(path, SERVICE_ACCOUNT_JWKS_PREFIX, state);
    if (email instanceof Response) return email;
    return jsonResponse(await state.serviceAccountJwks(email));
  }
  const prefix = SERVICE_ACCOUNT_X509_PREFIXES.find((prefix) => path.startsWith(prefix))!;
  const email = accountOf(path, prefix, state);
  if (email instanceof Response) return email;
  return jsonResponse(await state.serviceAccountCertificates(email));
}
