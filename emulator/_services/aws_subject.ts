// The emulated Google STS's check of an AWS subject token (subject_token_type
// urn:ietf:params:aws:token-type:aws4_request): the serialized, SigV4-signed GetCallerIdentity
// request that Google replays at AWS. Here AWS's answer is computed instead: the request must be
// GetCallerIdentity at an AWS STS host, for this provider (x-goog-cloud-target-resource), signed
// within 15 minutes by a key the emulated account has (with its session token), over the headers
// SignedHeaders names. The caller's ARN and account are the assertion the mapping sees. Parsing
// accepts what Google's clients send: Node and Python percent-encode the JSON, Go form-encodes it
// (`+` for spaces); header names in any case.
import type { CelValue } from "../_cel/cel.ts";
import { awsSignature, parseAwsAuthorization } from "../_core/aws_signature.ts";
import type { State } from "../_core/state.ts";
import { oauthError } from "../_core/wire.ts";

/** The subject token type of AWS credentials. */
export const AWS_SUBJECT_TYPE = "urn:ietf:params:aws:token-type:aws4_request";
const AWS_STS_HOST = /^sts(?:-fips)?(?:\.([a-z0-9-]+))?\.amazonaws\.com$/;
/** How far x-amz-date may be from the clock, as AWS allows. */
const MAX_SKEW_MS = 15 * 60_000;

interface SignedRequest {
  url: URL;
  method: string;
  headers: Map<string, string>;
}

function refused(description: string): Response {
  return oauthError(400, "invalid_grant", description);
}

function parse(token: string): SignedRequest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(token.replaceAll("+", " ")));
  } catch {
    return undefined;
  }
  const record = json as Record<string, unknown> | null;
  if (
    typeof record !== "object" || record === null || typeof record.url !== "string" ||
    typeof record.method !== "string" || !Array.isArray(record.headers)
  ) return undefined;
  const headers = new Map<string, string>();
  for (const header of record.headers as unknown[]) {
    const { key, value } = (header ?? {}) as Record<string, unknown>;
    if (typeof key !== "string" || typeof value !== "string") return undefined;
    headers.set(key.toLowerCase(), value);
  }
  let url: URL;
  try {
    url = new URL(record.url);
  } catch {
    return undefined;
  }
  return { url, method: record.method, headers };
}

/** `YYYYMMDDTHHMMSSZ` as a time, or NaN. */
function amzTime(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (match === null) return NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/**
 * Whether a query is GetCallerIdentity's alone: one `Action=GetCallerIdentity`, one
 * `Version=2011-06-15`, nothing else. Reading the first `Action` only would let
 * `...&Action=AssumeRole` through as GetCallerIdentity.
 */
function isGetCallerIdentity(query: URLSearchParams): boolean {
  return [...query.keys()].length === 2 && query.getAll("Action").join() === "GetCallerIdentity" &&
    query.getAll("Version").join() === "2011-06-15";
}

/**
 * The GetCallerIdentity caller of an AWS subject token for `provider` (`//iam.<universe>/<name>`),
 * as `{ arn, account }`, or the refusal to answer with.
 */
export function verifyAwsSubject(
  token: string,
  audience: string,
  state: State,
): Record<string, CelValue> | Response {
  const { aws, now } = state.config;
  const request = parse(token);
  if (request === undefined) {
    return refused("The AWS subject token is not a serialized, signed AWS request.");
  }
  const { url, method, headers } = request;
  const host = AWS_STS_HOST.exec(url.hostname);
  if (
    method !== "POST" || url.protocol !== "https:" || host === null ||
    !isGetCallerIdentity(url.searchParams)
  ) {
    return refused("The AWS subject token is not an AWS STS GetCallerIdentity request.");
  }
  // Java's library sends the target without its scheme's `https:`; compare the rest.
  const target = (headers.get("x-goog-cloud-target-resource") ?? "").replace(/^https:/, "");
  if (target !== audience) {
    return refused(
      "The AWS subject token's x-goog-cloud-target-resource header does not name this provider.",
    );
  }
  if (headers.get("host") !== url.host) {
    return refused("The AWS subject token's host header does not match its URL.");
  }
  const authorization = parseAwsAuthorization(headers.get("authorization") ?? "");
  const amzDate = headers.get("x-amz-date") ?? "";
  const signedAt = amzTime(amzDate);
  if (
    authorization === undefined || !authorization.signedHeaders.includes("host") ||
    !authorization.signedHeaders.includes("x-amz-date") || Number.isNaN(signedAt)
  ) {
    return refused("AWS: the request is not signed with Signature Version 4 (host, x-amz-date).");
  }
  if (Math.abs(now() - signedAt) > MAX_SKEW_MS) {
    return refused(`AWS: Signature expired: ${amzDate} is more than 15 minutes from now.`);
  }
  const region = host[1] ?? "us-east-1";
  if (
    authorization.date !== amzDate.slice(0, 8) || authorization.region !== region ||
    authorization.service !== "sts"
  ) {
    return refused(
      "AWS: the credential scope does not match the request's date, region or service.",
    );
  }
  const key = aws.keys.get(authorization.accessKeyId);
  if (key === undefined || headers.get("x-amz-security-token") !== key.sessionToken) {
    return refused("AWS: The security token included in the request is invalid.");
  }
  const expected = awsSignature(
    method,
    url,
    headers,
    "",
    authorization,
    key.secretAccessKey,
    amzDate,
  );
  if (expected !== authorization.signature) {
    return refused(
      "AWS: The request signature we calculated does not match the signature you provided.",
    );
  }
  const account = key.arn.split(":")[4]!;
  if (account !== aws.provider.accountId) {
    return refused(`The AWS account ${account} is not the account the provider trusts.`);
  }
  return { arn: key.arn, account };
}
