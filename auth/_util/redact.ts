// Secret redaction applied when an error is built, so no token, assertion, bearer header or
// private key reaches a message, a field or a log line. Every pattern runs in linear time: the
// text can be a hostile server's body.
import { base64Encode } from "./base64url.ts";
import { withoutUserinfo } from "./url_userinfo.ts";

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

/** An HTTP credential given with its scheme: the credential alone is as secret. */
const SCHEME_CREDENTIAL = /^(?:Basic|Bearer)\s+(\S+)$/i;
/**
 * How many leading base64 characters of a secret's bytes placed after 0, 1 or 2 other bytes of a
 * longer text depend on those bytes: the rest are the same wherever the secret sits.
 */
const ALIGNED_FROM = [0, 2, 3] as const;

const HEX_DIGITS = "0123456789abcdef";

/** Text as the UTF-8 bytes a server would encode. */
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * The base64 and hex forms of `secret`'s UTF-8 bytes: whole (padded, unpadded and base64url), and
 * the part that is the same at each of the three byte alignments inside a longer base64 text (such
 * as a body echoed as base64), so that a secret in an encoded body is found too.
 */
function binaryForms(secret: string): string[] {
  const bytes = utf8(secret);
  const whole = base64Encode(bytes);
  const forms = [whole, whole.replace(/=+$/, "")];
  for (const [offset, from] of ALIGNED_FROM.entries()) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const text = base64Encode(shifted).replace(/=+$/, "");
    // The last character of an incomplete group also holds bits of whatever follows.
    forms.push(text.slice(from, text.length - ((offset + bytes.length) % 3 === 0 ? 0 : 1)));
  }
  let hex = "";
  for (const byte of bytes) hex += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
  return [
    ...forms,
    ...forms.map((form) => form.replaceAll("+", "-").replaceAll("/", "_")),
    hex,
    hex.toUpperCase(),
  ];
}

/**
 * `text` as is, percent-encoded (upper- or lower-case hex), form-encoded (`+` for a space, as a
 * token request's body is) and JSON-encoded (`/` escaped or not).
 */
function textForms(text: string): string[] {
  const percent = encodeURIComponent(text);
  // application/x-www-form-urlencoded, as URLSearchParams writes it (which is much slower): only
  // `*-._` and alphanumerics kept, a space as `+`.
  const form = percent.replace(
    /[!'()~]|%20/g,
    (char) => char === "%20" ? "+" : `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const json = JSON.stringify(text).slice(1, -1);
  return [text, percent, form, json, json.replaceAll("/", "\\/")].flatMap((encoded) => [
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  ]);
}

/**
 * Every way a server may echo a secret we sent: each of its text forms ({@linkcode textForms}:
 * a body holds it form-encoded), each of those as base64, base64url or hex
 * ({@linkcode binaryForms}: a server may echo a whole body encoded), and each of those in a text
 * form again (base64's `+`, `/` and `=` percent-encoded). The credential of a `Basic` or `Bearer`
 * value counts as a secret of its own. Longest first, so a form that contains another is
 * replaced whole.
 */
export function secretForms(secrets: readonly string[]): string[] {
  const cached = formsOf.get(secrets);
  if (
    cached !== undefined && cached.of.length === secrets.length &&
    cached.of.every((secret, i) => secret === secrets[i])
  ) {
    return cached.forms;
  }
  const forms = new Set<string>();
  const all = secrets.flatMap((secret) => {
    const credential = SCHEME_CREDENTIAL.exec(secret)?.[1];
    return credential === undefined ? [secret] : [secret, credential];
  });
  for (const secret of all) {
    if (secret.length < MIN_LITERAL_SECRET_LENGTH) continue;
    for (const text of new Set(textForms(secret))) {
      for (const raw of [text, ...binaryForms(text)]) {
        if (raw.length < MIN_LITERAL_SECRET_LENGTH) continue;
        for (const encoded of textForms(raw)) forms.add(encoded);
      }
    }
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  formsOf.set(secrets, { of: [...secrets], forms: sorted });
  return sorted;
}

/**
 * The forms of each list of secrets seen, while the list lives and holds the same secrets: an
 * error redacts its message, hint, Google message and causes with one list, and a call its every
 * retry line, and the base64 and hex forms of a JWT take a while to make.
 */
const formsOf = new WeakMap<readonly string[], { of: string[]; forms: string[] }>();

/**
 * Replaces every known secret (in each of its encodings) and every string that looks like one
 * (JWTs, bearer credentials, Google access tokens, PEM private keys, token fields of JSON bodies,
 * AWS secret keys, session tokens and signatures) with `[REDACTED]`, and leaves out the user name
 * and password of every URL (`…@`).
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let result = withoutUserinfo(text);
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
  if (!(cause instanceof Error)) return cause;
  // Past the depth searched, a cause is dropped rather than kept unread.
  if (depth > 4) return undefined;
  const message = redactSecrets(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redactSecrets(cause.stack, secrets);
  const inner = redactCause(cause.cause, secrets, depth + 1);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? {} : { cause: inner });
  copy.name = cause.name;
  if (stack !== undefined) copy.stack = stack;
  return copy;
}
