/**
 * AWS Signature Version 4 over Web Crypto (SHA-256 and HMAC-SHA256): the canonical request, the
 * string to sign and the signing key chain as AWS specifies them, with the query sorted and RFC
 * 3986-encoded and header values trimmed, so that AWS's published test suite passes. An AWS
 * `external_account` signs STS `GetCallerIdentity` with it: that signed request is its subject
 * token.
 *
 * @module
 */

/** An AWS access key, with the session token of temporary credentials. */
export interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A request to sign. */
export interface AwsRequest {
  method: string;
  /** The absolute URL: its host, path and query are signed. */
  url: string;
  /** Headers to sign besides `host`, `x-amz-date` and `x-amz-security-token`. */
  headers?: Readonly<Record<string, string>>;
  /** The body; default empty. */
  body?: string;
}

/** Where and when the signature is valid. */
export interface AwsScope {
  region: string;
  service: string;
  date: Date;
}

const ALGORITHM = "AWS4-HMAC-SHA256";
const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

async function hmac(key: Uint8Array | ArrayBuffer, text: string): Promise<ArrayBuffer> {
  const imported = await crypto.subtle.importKey(
    "raw",
    key instanceof Uint8Array ? new Uint8Array(key) : key,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return await crypto.subtle.sign("HMAC", imported, encoder.encode(text));
}

/** RFC 3986 percent-encoding: every byte but the unreserved `A-Z a-z 0-9 - . _ ~`. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each path segment encoded once (the form of AWS's test suite); `/` for an empty path. */
function canonicalUri(url: URL): string {
  const path = url.pathname.split("/").map((segment) => uriEncode(decoded(segment))).join("/");
  return path === "" ? "/" : path;
}

/** The query's pairs encoded, sorted by name, then by value. */
function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([name, value]) => [uriEncode(name), uriEncode(value)]);
  pairs.sort(([a, x], [b, y]) => a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0);
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}

/**
 * `YYYYMMDDTHHMMSSZ`, as `x-amz-date` carries it.
 *
 * @param date The time of the request.
 * @returns The basic ISO 8601 form AWS signs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { amzDate } from "./_aws_signature.ts";
 *
 * assert.equal(amzDate(new Date("2015-08-30T12:36:00.123Z")), "20150830T123600Z");
 * ```
 */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
}

/**
 * The signed headers of `request`: `host`, `x-amz-date`, `x-amz-security-token` (with a session
 * token) and the request's own headers (names lower-cased), plus `authorization`
 * (`AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...`).
 */
export async function signAwsRequest(
  request: AwsRequest,
  key: AwsKey,
  scope: AwsScope,
): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const date = amzDate(scope.date);
  const headers: Record<string, string> = { host: url.host, "x-amz-date": date };
  if (key.sessionToken) headers["x-amz-security-token"] = key.sessionToken;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(url),
    canonicalQuery(url),
    names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaders,
    await sha256Hex(request.body ?? ""),
  ].join("\n");
  const credentialScope = `${date.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, credentialScope, await sha256Hex(canonicalRequest)].join(
    "\n",
  );
  let signingKey = await hmac(encoder.encode(`AWS4${key.secretAccessKey}`), date.slice(0, 8));
  for (const part of [scope.region, scope.service, "aws4_request"]) {
    signingKey = await hmac(signingKey, part);
  }
  const signature = hex(await hmac(signingKey, stringToSign));
  headers.authorization =
    `${ALGORITHM} Credential=${key.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
