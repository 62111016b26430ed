// What V4 signed URLs and POST policies share: the options both take, the credential scope, the
// request timestamp, where the bucket is served, and the signature as hex.
import { CredentialsError } from "../errors.ts";
import { DEFAULT_UNIVERSE } from "../universe.ts";
import { quote } from "../_util/quote.ts";
import type { OptionNameSet } from "../_util/options.ts";
import type { UrlStyle } from "./types.ts";

/** The signing algorithm Cloud Storage's V4 signatures name. */
export const ALGORITHM = "GOOG4-RSA-SHA256";
/** The longest a V4 signature may live: 7 days. */
export const MAX_EXPIRATION_SECONDS = 604_800;

/** Options both V4 signers take (named after Google's conformance file). */
export interface V4Options {
  bucket: string;
  object?: string;
  expiration: number;
  timestamp?: Date | string;
  scheme?: "http" | "https";
  urlStyle?: UrlStyle;
  bucketBoundHostname?: string;
  universeDomain?: string;
  now?: () => number;
}

/** The names of {@linkcode V4Options}, which both signers' option names start from. */
export const V4_OPTION_NAMES: OptionNameSet<V4Options> = {
  bucket: "string",
  object: "string",
  expiration: "number",
  timestamp: true,
  scheme: "string",
  urlStyle: "string",
  bucketBoundHostname: "string",
  universeDomain: "string",
  now: "function",
};

/** A problem with option `option`, before any signing. */
export function optionError(option: string, problem: string): CredentialsError {
  return new CredentialsError("ERR_OPTIONS_INVALID", `Cannot sign: option "${option}" ${problem}`, {
    option,
  });
}

/** `value` when it is a non-empty string, else an error naming `option`. */
export function requiredString(value: unknown, option: string): string {
  if (typeof value !== "string" || value === "") {
    throw optionError(option, "must be a non-empty string");
  }
  return value;
}

/** The request time: `timestamp` (a Date or RFC 3339 text) or the clock, whole seconds. */
export function requestTime(options: V4Options): Date {
  const { timestamp } = options;
  const ms = timestamp === undefined
    ? (options.now ?? Date.now)()
    : timestamp instanceof Date
    ? timestamp.getTime()
    : typeof timestamp === "string"
    ? Date.parse(timestamp)
    : NaN;
  if (!Number.isFinite(ms)) {
    throw optionError(
      "timestamp",
      "must be a Date or an RFC 3339 timestamp such as 2030-01-01T00:00:00Z",
    );
  }
  return new Date(Math.floor(ms / 1000) * 1000);
}

/** `expiration` checked: whole seconds from 1 to 7 days. */
export function expirationSeconds(options: V4Options): number {
  const value = options.expiration;
  if (!Number.isInteger(value) || value < 1 || value > MAX_EXPIRATION_SECONDS) {
    throw optionError(
      "expiration",
      `must be a whole number of seconds from 1 to ${MAX_EXPIRATION_SECONDS} (7 days)`,
    );
  }
  return value;
}

/** `20190201T090000Z` of a time. */
export function basicTimestamp(time: Date): string {
  return time.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** The credential scope of a request day: `<yyyymmdd>/auto/storage/goog4_request`. */
export function credentialScope(time: Date): string {
  return `${basicTimestamp(time).slice(0, 8)}/auto/storage/goog4_request`;
}

/** `scheme://host` from a host that may already carry a scheme. */
export function withScheme(host: string, scheme: string): string {
  return /^https?:\/\//i.test(host) ? host.replace(/\/+$/, "") : `${scheme}://${host}`;
}

/**
 * Where the bucket is served and the path prefix its objects have there: path style
 * (`storage.<universe>/<bucket>`), virtual hosted (`<bucket>.storage.<universe>`) or a bucket
 * bound hostname (a CNAME of the bucket).
 */
export function bucketOrigin(
  options: V4Options,
  bucket: string,
): { origin: string; prefix: string } {
  const scheme = options.scheme ?? "https";
  if (scheme !== "https" && scheme !== "http") {
    throw optionError("scheme", `must be "https" or "http", got ${quote(String(scheme))}`);
  }
  const universe = options.universeDomain || DEFAULT_UNIVERSE;
  switch (options.urlStyle ?? "PATH_STYLE") {
    case "PATH_STYLE":
      return { origin: `${scheme}://storage.${universe}`, prefix: `/${bucket}` };
    case "VIRTUAL_HOSTED_STYLE":
      return { origin: `${scheme}://${bucket}.storage.${universe}`, prefix: "" };
    case "BUCKET_BOUND_HOSTNAME": {
      const host = requiredString(options.bucketBoundHostname, "bucketBoundHostname");
      return { origin: withScheme(host, scheme), prefix: "" };
    }
    default:
      throw optionError(
        "urlStyle",
        "must be PATH_STYLE, VIRTUAL_HOSTED_STYLE or BUCKET_BOUND_HOSTNAME",
      );
  }
}

/**
 * RFC 3986 percent-encoding of everything but unreserved characters (and `/` when `keepSlash`).
 * Text that is not well-formed UTF-16 (a lone surrogate, which has no UTF-8 form) is an error
 * naming `option`, not `encodeURIComponent`'s `URIError`.
 */
export function encodeRfc3986(text: string, option: string, keepSlash = false): string {
  if (!text.isWellFormed()) {
    throw optionError(
      option,
      "holds a lone surrogate (half of a UTF-16 pair), which has no UTF-8 form to sign",
    );
  }
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /(?!)/g, "/");
}

/** Lowercase hex of bytes. */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hex SHA-256 of UTF-8 text. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}
