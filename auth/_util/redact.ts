// Secret redaction applied when an error is built, so no token, assertion, bearer header or
// private key reaches a message, a field or a log line. Every pattern runs in linear time: the
// text can be a hostile server's body.

const REDACTED = "[REDACTED]";
/** Runs of the characters tokens, JWTs and base64 are made of. */
const TOKEN_RUN = /[A-Za-z0-9_.+/=-]+/g;
const TOKEN_CHAR = /[A-Za-z0-9_.+/=-]/;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const GOOGLE_ACCESS_TOKEN = /\bya29\.[A-Za-z0-9_.-]+/g;
/** An AWS Signature Version 4: with its request, a credential for 15 minutes. */
const AWS_SIGNATURE = /\bSignature=[0-9a-f]{64}\b/g;
const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[^]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g;
// Each token field in snake_case and camelCase, and AWS's secret key and session token as the EC2
// metadata service, the AWS SDKs and the credentials file name them. An unterminated value (a body
// cut short) is redacted to the end of the text.
const SECRET_FIELD =
  /("(?:(?:access|id|subject|refresh)(?:_t|T)oken|token|Token|signedJwt|assertion|value|private(?:_k|K)ey|client(?:_s|S)ecret|(?:aws_)?[Ss]ecret(?:_a|A)ccess(?:_k|K)ey|(?:aws_)?[Ss]ession(?:_t|T)oken)"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/g;
const MIN_LITERAL_SECRET_LENGTH = 8;
/** The most characters of a server's message kept in an error (the rest is counted, not shown). */
export const MAX_SERVER_TEXT = 500;

/**
 * A run of token characters with a JWT in it (`eyJ`, then two more dots), redacted from the `eyJ`
 * to the end of the run. One scan per run: a regular expression that restarts at every `eyJ` of
 * a long run (`eyJ-eyJ-...`) takes quadratic time.
 */
function redactJwtRun(run: string): string {
  const start = run.indexOf("eyJ");
  if (start < 0) return run;
  const firstDot = run.indexOf(".", start);
  if (firstDot < 0 || run.indexOf(".", firstDot + 1) < 0) return run;
  return `${run.slice(0, start)}${REDACTED}`;
}

/**
 * Every way a server may echo a secret we sent: as is, percent-encoded (upper- or lower-case hex),
 * form-encoded (`+` for a space, as a token request's body is) and JSON-encoded (`/` escaped or
 * not). Longest first, so a form that contains another is replaced whole.
 */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_LITERAL_SECRET_LENGTH) continue;
    const percent = encodeURIComponent(secret);
    const form = new URLSearchParams([["", secret]]).toString().slice(1);
    const json = JSON.stringify(secret).slice(1, -1);
    for (const encoded of [secret, percent, form, json, json.replaceAll("/", "\\/")]) {
      forms.add(encoded);
      forms.add(encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Replaces every known secret (in each of its encodings) and every string that looks like one
 * (JWTs, bearer credentials, Google access tokens, PEM private keys, token fields of JSON bodies,
 * AWS secret keys, session tokens and signatures) with `[REDACTED]`.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const form of secretForms(secrets)) result = result.replaceAll(form, REDACTED);
  return result
    .replace(PRIVATE_KEY_BLOCK, REDACTED)
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(TOKEN_RUN, redactJwtRun)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(GOOGLE_ACCESS_TOKEN, REDACTED)
    .replace(AWS_SIGNATURE, `Signature=${REDACTED}`);
}

/**
 * Where to cut `text` to keep at most `max` characters without splitting a secret: before a run
 * of token characters that crosses `max` (the part kept would no longer look like a JWT or a
 * token), and before any literal secret that crosses the cut.
 */
function safeCut(text: string, max: number, secrets: readonly string[]): number {
  let cut = max;
  const forms = secretForms(secrets);
  const crossing = (): boolean =>
    cut > 0 && TOKEN_CHAR.test(text[cut - 1]!) && TOKEN_CHAR.test(text[cut]!);
  for (let moved = true; moved;) {
    moved = false;
    while (crossing()) cut--;
    for (const secret of forms) {
      const from = Math.max(0, cut - secret.length + 1);
      const at = text.slice(from, cut + secret.length - 1).indexOf(secret);
      if (at >= 0 && from + at < cut) {
        cut = from + at;
        moved = true;
      }
    }
  }
  return cut;
}

/**
 * Shortens `text` to about `max` characters, then redacts it, so a huge body costs no more than a
 * small one; the cut never splits a secret (see {@linkcode redactSecrets}).
 */
export function redactAndTruncate(
  text: string,
  secrets: readonly string[] = [],
  max = MAX_SERVER_TEXT,
): string {
  if (text.length <= max) return redactSecrets(text, secrets);
  const cut = safeCut(text, max, secrets);
  const redacted = redactSecrets(text.slice(0, cut), secrets);
  const kept = redacted.length > max ? redacted.slice(0, max) : redacted;
  return `${kept}… (${text.length - cut} more characters)`;
}

/**
 * `cause` as an error may carry it: unchanged when no text of it (message, stack, nested causes)
 * holds a secret, else a copy with the same name whose texts are redacted. A client library's
 * error can quote a request header, bearer token included.
 */
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error) || depth > 4) return cause;
  const message = redactSecrets(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redactSecrets(cause.stack, secrets);
  const inner = redactCause(cause.cause, secrets, depth + 1);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? {} : { cause: inner });
  copy.name = cause.name;
  if (stack !== undefined) copy.stack = stack;
  return copy;
}
