// What a RequestError may show of a request: no credential header, no credential query value, no
// user name or password, in the message or in its `request` and `response` fields.
import type { RequestOptions } from "../endpoint/mod.ts";
import type { RequestError } from "./request_error.ts";

const REDACTED = "[REDACTED]";
/** Header and query parameter names that carry a credential. */
const CREDENTIAL_NAME =
  /authorization|cookie|token|secret|password|passwd|api[-_]?key|^key$|signature|^sig$|credential|session|^code$/i;
/** Shorter values are not searched for in text: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 6;

/** The credentials a request carries: its credential headers' values and query values. */
export function secretsOf(url: string, headers: Record<string, string>): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!CREDENTIAL_NAME.test(name)) continue;
    // `Bearer <token>`: the token alone may be echoed too.
    secrets.push(value, ...value.split(/\s+/).slice(1));
  }
  const parsed = parseUrl(url);
  if (parsed !== undefined) {
    for (const [name, value] of parsed.searchParams) {
      if (CREDENTIAL_NAME.test(name)) secrets.push(value);
    }
    if (parsed.password !== "") secrets.push(decodeURIComponent(parsed.password));
  }
  return secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/** `text` with every secret, as is and percent-encoded, replaced by `[REDACTED]`. */
export function redact(text: string, secrets: readonly string[]): string {
  const forms = secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]);
  // Longest first, so that a secret containing another is replaced whole.
  forms.sort((a, b) => b.length - a.length);
  return forms.reduce((result, form) => result.replaceAll(form, REDACTED), text);
}

/**
 * `cause` with the request's secrets redacted from its message, stack and nested causes: a
 * runtime's network error can quote the whole URL, query included ("error sending request for
 * url (...)"). Unchanged when none of its texts holds a secret.
 */
export function redactedCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error)) return cause;
  // Past the depth searched, a cause is dropped rather than kept unread.
  if (depth > 4) return undefined;
  const message = redact(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redact(cause.stack, secrets);
  const inner = redactedCause(cause.cause, secrets, depth + 1);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? {} : { cause: inner });
  copy.name = cause.name;
  if (stack !== undefined) copy.stack = stack;
  return copy;
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Where a request went, for a message: origin and path, no user name, password or query. */
export function whereOf(url: string): string {
  const parsed = parseUrl(url);
  return parsed === undefined ? "(an invalid URL)" : `${parsed.origin}${parsed.pathname}`;
}

/** The URL with credential query values redacted and no user name or password. */
export function redactedUrl(url: string): string {
  const parsed = parseUrl(url);
  if (parsed === undefined) return "(an invalid URL)";
  parsed.username = "";
  parsed.password = "";
  for (const name of new Set(parsed.searchParams.keys())) {
    if (CREDENTIAL_NAME.test(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.href;
}

/** The headers with credential values redacted. */
export function redactedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CREDENTIAL_NAME.test(name) ? REDACTED : value,
    ]),
  );
}

/** What a failure says about a request, secrets left out. */
export interface Described {
  /** `METHOD origin/path`. */
  where: string;
  /** The credentials it carries, to redact from what a server sends back. */
  secrets: string[];
  /** The request as the error's `request` field shows it. */
  request: RequestError["request"];
}

/** What a failure of `options` may say about it. */
export function describe(options: RequestOptions): Described {
  return {
    where: `${options.method} ${whereOf(options.url)}`,
    secrets: secretsOf(options.url, options.headers),
    request: {
      method: options.method,
      url: redactedUrl(options.url),
      headers: redactedHeaders(options.headers),
    },
  };
}
