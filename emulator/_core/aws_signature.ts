// AWS Signature Version 4 as AWS STS checks it, for the emulated Google STS's check of AWS subject
// tokens: written apart from auth/'s signer (node:crypto here, Web Crypto there), so that one
// cannot hide a mistake of the other. The signed headers are the ones the request names in
// SignedHeaders (google-auth-library and Python google-auth leave x-goog-cloud-target-resource
// out, Go signs it).
import { createHash, createHmac } from "node:crypto";

/** The parts of an `Authorization: AWS4-HMAC-SHA256 ...` header. */
export interface AwsAuthorization {
  accessKeyId: string;
  /** `YYYYMMDD`. */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** The parts of an Authorization header, or undefined when it is not SigV4's. */
export function parseAwsAuthorization(value: string): AwsAuthorization | undefined {
  const match = AUTHORIZATION.exec(value.trim());
  if (match === null) return undefined;
  const [, accessKeyId, date, region, service, signed, signature] = match;
  return {
    accessKeyId: accessKeyId!,
    date: date!,
    region: region!,
    service: service!,
    signedHeaders: signed!.split(";"),
    signature: signature!,
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The signature AWS computes for a request: `headers` by lower-case name; `amzDate` is its
 * `x-amz-date`. The path is encoded once per segment, the query sorted and encoded.
 */
export function awsSignature(
  method: string,
  url: URL,
  headers: ReadonlyMap<string, string>,
  body: string,
  authorization: AwsAuthorization,
  secretAccessKey: string,
  amzDate: string,
): string {
  const path = url.pathname.split("/").map((part) => rfc3986(safeDecode(part))).join("/");
  const pairs = [...url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  pairs.sort(([a, x], [b, y]) => a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0);
  const query = pairs.map(([k, v]) => `${k}=${v}`).join("&");
  const canonicalHeaders = authorization.signedHeaders.map((name) =>
    `${name}:${(headers.get(name) ?? "").trim().replace(/\s+/g, " ")}\n`
  ).join("");
  const canonical = [
    method,
    path || "/",
    query,
    canonicalHeaders,
    authorization.signedHeaders.join(";"),
    createHash("sha256").update(body).digest("hex"),
  ].join("\n");
  const scope =
    `${authorization.date}/${authorization.region}/${authorization.service}/aws4_request`;
  const toSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  let key: Buffer | string = `AWS4${secretAccessKey}`;
  for (
    const part of [authorization.date, authorization.region, authorization.service, "aws4_request"]
  ) {
    key = createHmac("sha256", key).update(part).digest();
  }
  return createHmac("sha256", key).update(toSign).digest("hex");
}
