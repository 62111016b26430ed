/**
 * Cloud Storage V4 signed URLs (`GOOG4-RSA-SHA256`): a URL that lets whoever holds it make one
 * request on an object or a bucket until it expires, signed by any credentials that act as a
 * service account.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { type OptionNameSet, refuseUnknownOptions } from "../_util/options.ts";
import {
  ALGORITHM,
  basicTimestamp,
  bucketOrigin,
  credentialScope,
  encodeRfc3986,
  expirationSeconds,
  hex,
  optionError,
  requestTime,
  requiredString,
  sha256Hex,
  V4_OPTION_NAMES,
  withScheme,
} from "./_v4.ts";
import type { SigningCredentials, UrlStyle } from "./types.ts";

/**
 * Options of {@linkcode createSignedUrl}, named as in Google's V4 signing conformance tests
 * (googleapis/conformance-tests, `storage/v1/v4_signatures.json`).
 */
export interface SignedUrlOptions {
  /** The bucket. */
  bucket: string;
  /** The object; none for a request on the bucket (such as listing it). */
  object?: string;
  /** The HTTP method the URL is for; default `GET`. */
  method?: string;
  /** Seconds the URL is valid, from 1 to 604800 (7 days). */
  expiration: number;
  /** When the signature starts (a `Date` or RFC 3339 text); default now. */
  timestamp?: Date | string;
  /** Headers the request must send with these values (signed; `host` is always signed). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Query parameters added to the URL and signed. The signature's own (`X-Goog-Algorithm`,
   * `X-Goog-Credential`, `X-Goog-Date`, `X-Goog-Expires`, `X-Goog-SignedHeaders`,
   * `X-Goog-Signature`, in any case) are left out: the signer sets each once.
   */
  queryParameters?: Readonly<Record<string, string>>;
  /** `https` (default) or `http`. */
  scheme?: "http" | "https";
  /** `PATH_STYLE` (default), `VIRTUAL_HOSTED_STYLE` or `BUCKET_BOUND_HOSTNAME`. */
  urlStyle?: UrlStyle;
  /** The bucket's own hostname (a CNAME), with `urlStyle: "BUCKET_BOUND_HOSTNAME"`. */
  bucketBoundHostname?: string;
  /** A host (or `scheme://host`) that serves the request instead; wins over the two below. */
  hostname?: string;
  /** The storage client's endpoint, such as `http://localhost:8080`; wins over `emulatorHostname`. */
  clientEndpoint?: string;
  /** A Cloud Storage emulator's `scheme://host` (what `STORAGE_EMULATOR_HOST` names). */
  emulatorHostname?: string;
  /** The universe domain; default `googleapis.com`. */
  universeDomain?: string;
  /** The clock in milliseconds, for the default `timestamp`; default `Date.now`. */
  now?: () => number;
}

const SIGNED_URL_OPTION_NAMES: OptionNameSet<SignedUrlOptions> = {
  ...V4_OPTION_NAMES,
  method: "string",
  headers: "object",
  queryParameters: "object",
  hostname: "string",
  clientEndpoint: "string",
  emulatorHostname: "string",
};

/** The origin a host override names, and the path prefix of the bucket there (path style). */
function overrideOrigin(options: SignedUrlOptions, bucket: string) {
  const scheme = options.scheme ?? "https";
  for (const option of ["hostname", "clientEndpoint", "emulatorHostname"] as const) {
    const value = options[option];
    if (value === undefined || value === "") continue;
    const origin = withScheme(requiredString(value, option), scheme);
    try {
      new URL(origin);
    } catch {
      throw optionError(option, "is not a host name, host:port or scheme://host");
    }
    return { origin, prefix: `/${bucket}` };
  }
  return undefined;
}

/**
 * The query parameters the signature itself sets (lowercase). One of them in `queryParameters` is
 * left out, so that each appears once with the signer's value, as google-cloud-storage for Python
 * sets them over the caller's (the Node.js client lets the caller's win, except the signature).
 */
const SIGNATURE_PARAMETERS: ReadonlySet<string> = new Set([
  "x-goog-algorithm",
  "x-goog-credential",
  "x-goog-date",
  "x-goog-expires",
  "x-goog-signedheaders",
  "x-goog-signature",
]);

/** Headers in canonical form: lowercase names, values trimmed with inner whitespace collapsed. */
function canonicalHeaders(headers: Readonly<Record<string, string>>, host: string) {
  const map = new Map<string, string>([["host", host]]);
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") throw optionError("headers", `has a non-string "${name}"`);
    map.set(name.toLowerCase(), value.trim().replace(/[ \t]+/g, " "));
  }
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Creates a Cloud Storage V4 signed URL, as Google's client libraries do (canonical request,
 * `GOOG4-RSA-SHA256` string to sign, hex signature), signed by `credentials.sign()`: locally with
 * a key, through IAM Credentials' `signBlob` otherwise. Passes all 29 URL cases of Google's
 * conformance file. The request must send every header in `headers` with the same value.
 *
 * @param credentials What signs: `Credentials`, or any object with `sign()` and
 * `getServiceAccountEmail()`.
 * @param options The bucket, object, method, expiration and the rest of the request.
 * @returns The signed URL.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a bad option (named), or
 * `ERR_SIGN_NO_SERVICE_ACCOUNT` from credentials that act as no service account.
 * @throws {GoogleApiError} `ERR_IAM_SIGN_BLOB_FAILED` when IAM refuses to sign.
 *
 * @example An upload URL, signed with a key
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { createSignedUrl } from "./mod.ts";
 * import { credentialsFromJson } from "../mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const credentials = credentialsFromJson({
 *   type: "service_account",
 *   client_email: "uploader@my-proj.iam.gserviceaccount.com",
 *   private_key: await exportPKCS8(privateKey),
 * });
 * const url = new URL(await createSignedUrl(credentials, {
 *   bucket: "my-bucket",
 *   object: "uploads/photo 1.jpg",
 *   method: "PUT",
 *   expiration: 900,
 *   headers: { "content-type": "image/jpeg" },
 *   timestamp: "2030-01-01T00:00:00Z",
 * }));
 * assert.equal(url.pathname, "/my-bucket/uploads/photo%201.jpg");
 * assert.equal(url.searchParams.get("X-Goog-SignedHeaders"), "content-type;host");
 * assert.match(url.searchParams.get("X-Goog-Signature")!, /^[0-9a-f]{512}$/);
 * ```
 */
export async function createSignedUrl(
  credentials: SigningCredentials,
  options: SignedUrlOptions,
): Promise<string> {
  refuseUnknownOptions(options, SIGNED_URL_OPTION_NAMES, "createSignedUrl()");
  options = ownCopy(options);
  const bucket = requiredString(options.bucket, "bucket");
  const method = requiredString(options.method ?? "GET", "method").toUpperCase();
  const expires = expirationSeconds(options);
  const time = requestTime(options);
  const { origin, prefix } = overrideOrigin(options, bucket) ?? bucketOrigin(options, bucket);
  // Only a missing object names the bucket: an empty one (object: userInput) would sign a URL to
  // the bucket itself, which a GET lists.
  const object = options.object === undefined
    ? ""
    : `/${encodeRfc3986(requiredString(options.object, "object"), "object", true)}`;
  const path = `${prefix}${object}` || "/";
  // The host is signed without its port, as in every case of Google's conformance file.
  const headers = canonicalHeaders(options.headers ?? {}, new URL(origin).hostname);
  const signedHeaders = headers.map(([name]) => name).join(";");
  const email = await credentials.getServiceAccountEmail();
  const scope = credentialScope(time);
  const query: [string, string][] = [
    ["X-Goog-Algorithm", ALGORITHM],
    ["X-Goog-Credential", `${email}/${scope}`],
    ["X-Goog-Date", basicTimestamp(time)],
    ["X-Goog-Expires", String(expires)],
    ["X-Goog-SignedHeaders", signedHeaders],
    ...Object.entries(options.queryParameters ?? {})
      .filter(([name]) => !SIGNATURE_PARAMETERS.has(name.toLowerCase())),
  ];
  const canonicalQuery = query
    .map(([name, value]) => [
      encodeRfc3986(name, "queryParameters"),
      encodeRfc3986(String(value), "queryParameters"),
    ])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const payload = headers.find(([name]) => name === "x-goog-content-sha256")?.[1] ??
    "UNSIGNED-PAYLOAD";
  const canonicalRequest = [
    method,
    path,
    canonicalQuery,
    headers.map(([name, value]) => `${name}:${value}\n`).join(""),
    signedHeaders,
    payload,
  ].join("\n");
  const stringToSign = [
    ALGORITHM,
    basicTimestamp(time),
    scope,
    await sha256Hex(canonicalRequest),
  ].join("\n");
  const signature = hex(await credentials.sign(stringToSign));
  return `${origin}${path}?${canonicalQuery}&X-Goog-Signature=${signature}`;
}
