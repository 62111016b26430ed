// Secret redaction applied when an error is built, so no token, assertion, bearer header or
// private key reaches a message, a field or a log line.

const REDACTED = "[REDACTED]";
const JWT_LIKE = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const GOOGLE_ACCESS_TOKEN = /\bya29\.[A-Za-z0-9_.-]+/g;
const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[^]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g;
const SECRET_FIELD =
  /("(?:access_token|accessToken|id_token|token|signedJwt|assertion|subject_token|subjectToken|value|private_key)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;
const MIN_LITERAL_SECRET_LENGTH = 8;

/**
 * Replaces every known secret and every string that looks like one (JWTs, bearer credentials,
 * Google access tokens, PEM private keys, token fields of JSON bodies) with `[REDACTED]`.
 */
export function _redact(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_LITERAL_SECRET_LENGTH) result = result.replaceAll(secret, REDACTED);
  }
  return result
    .replace(PRIVATE_KEY_BLOCK, REDACTED)
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(JWT_LIKE, REDACTED)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(GOOGLE_ACCESS_TOKEN, REDACTED);
}

/** Redacts, then shortens to `max` characters so a huge error body never floods a log. */
export function _redactAndTruncate(
  text: string,
  secrets: readonly string[] = [],
  max = 500,
): string {
  const redacted = _redact(text, secrets);
  return redacted.length > max
    ? `${redacted.slice(0, max)}… (${redacted.length - max} more)`
    : redacted;
}

/**
 * `cause` as an error may carry it: unchanged when no text of it (message, stack, nested causes)
 * holds a secret, else a copy with the same name whose texts are redacted. A client library's
 * error can quote a request header, bearer token included.
 */
export function _redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error) || depth > 4) return cause;
  const message = _redact(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : _redact(cause.stack, secrets);
  const inner = _redactCause(cause.cause, secrets, depth + 1);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? {} : { cause: inner });
  copy.name = cause.name;
  if (stack !== undefined) copy.stack = stack;
  return copy;
}
