// Google's public signing keys, fetched as a JWK Set through the transport (bounded size, time and
// retries), cached per fetch and URL as the answer's Cache-Control max-age says (at least 30 s),
// one fetch at a time, and fetched again once for a key id the cached set lacks.
import type { JWK, JWTPayload } from "jose";
import type { JOSEError } from "jose/errors";
import { GoogleApiError, VerificationError } from "../errors.ts";
import { type HttpRequest, requestText } from "../_transport/http.ts";
import { isRecord } from "../_util/json.ts";
import type { CallSettings } from "../_transport/call_settings.ts";
import { invalidOption } from "../_util/options.ts";
import { quote } from "../_util/quote.ts";
import { CERTS_REQUEST_HINT } from "../_hints.ts";

/**
 * The longest a token may live (`exp` - `iat`), as google-auth-library's default `maxExpiry`:
 * Google's ID tokens live an hour, IAP's assertions ten minutes.
 */
const MAX_LIFETIME_SECONDS = 86_400;
/** The most keys a set may hold, and the longest token read: far above Google's. */
const MAX_KEYS = 100;
const MAX_TOKEN_LENGTH = 16_384;
/**
 * A set is kept at least this long, whatever its Cache-Control, and fetched again for an unknown
 * key id at most this often: a forged kid cannot make every verification fetch.
 */
const MIN_REFETCH_MS = 30_000;

interface KeySet {
  keys: Map<string, JWK>;
  fetchedAt: number;
  expiresAt: number;
}

interface Entry {
  set?: KeySet;
  pending?: Promise<KeySet>;
}

// One cache per fetch function, so that two injected fetches never share keys.
const caches = new WeakMap<object, Map<string, Entry>>();

function entryOf(url: string, call: CallSettings): Entry {
  const fetchKey = call.fetch ?? globalThis.fetch;
  let byUrl = caches.get(fetchKey);
  if (byUrl === undefined) caches.set(fetchKey, byUrl = new Map());
  let entry = byUrl.get(url);
  if (entry === undefined) byUrl.set(url, entry = {});
  return entry;
}

/** `max-age` of a Cache-Control value in seconds; 0 for none, `no-store` or `no-cache`. */
export function maxAgeSeconds(cacheControl: string | null): number {
  if (cacheControl === null || /\bno-(?:store|cache)\b/i.test(cacheControl)) return 0;
  const match = /\bmax-age\s*=\s*"?(\d{1,9})"?/i.exec(cacheControl);
  return match === null ? 0 : Number(match[1]);
}

function invalid(url: string, problem: string): VerificationError {
  return new VerificationError("ERR_CERTS_INVALID", `The keys at ${url} ${problem}`);
}

async function fetchKeySet(url: string, call: CallSettings, what: string): Promise<KeySet> {
  const request: HttpRequest = { method: "GET", url, headers: { accept: "application/json" } };
  const response = await requestText(request, call, {
    message: `Failed to get ${what} from ${url}`,
    secrets: [],
    error: (text, details) =>
      new GoogleApiError("ERR_CERTS_REQUEST_FAILED", text, {
        ...details,
        defaultHint: CERTS_REQUEST_HINT,
      }),
  });
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    throw invalid(url, "are not JSON");
  }
  const list = isRecord(json) ? json.keys : undefined;
  if (!Array.isArray(list) || list.length > MAX_KEYS) {
    throw invalid(url, `are not a JWK Set of at most ${MAX_KEYS} keys`);
  }
  const keys = new Map<string, JWK>();
  for (const key of list) {
    if (isRecord(key) && typeof key.kid === "string") keys.set(key.kid, key as JWK);
  }
  const now = (call.now ?? Date.now)();
  const maxAge = maxAgeSeconds(response.headers.get("cache-control"));
  return { keys, fetchedAt: now, expiresAt: now + Math.max(maxAge * 1000, MIN_REFETCH_MS) };
}

/** The cached set while fresh, else one fetch shared by every caller waiting for it. */
function keySet(url: string, call: CallSettings, what: string, force: boolean): Promise<KeySet> {
  const entry = entryOf(url, call);
  const now = (call.now ?? Date.now)();
  if (!force && entry.set !== undefined && now < entry.set.expiresAt) {
    return Promise.resolve(entry.set);
  }
  entry.pending ??= fetchKeySet(url, call, what).then(
    (set) => {
      entry.set = set;
      entry.pending = undefined;
      return set;
    },
    (error) => {
      entry.pending = undefined;
      throw error;
    },
  );
  return entry.pending;
}

/** The key `kid` names, fetching the set again once when the cached one lacks it. */
async function keyFor(
  kid: unknown,
  url: string,
  call: CallSettings,
  what: string,
): Promise<JWK> {
  if (typeof kid !== "string") {
    throw new VerificationError("ERR_TOKEN_KEY_UNKNOWN", `The ${what} token names no key ("kid")`);
  }
  let set = await keySet(url, call, what, false);
  const now = (call.now ?? Date.now)();
  if (!set.keys.has(kid) && now - set.fetchedAt >= MIN_REFETCH_MS) {
    set = await keySet(url, call, what, true);
  }
  const key = set.keys.get(kid);
  if (key === undefined) {
    throw new VerificationError(
      "ERR_TOKEN_KEY_UNKNOWN",
      `The ${what}'s key ${JSON.stringify(kid.slice(0, 64))} is not among the keys at ${url}`,
    );
  }
  return key;
}

/** What one kind of token must satisfy. */
export interface TokenRules {
  /** What the token is, for messages: `ID token`, `IAP assertion`. */
  what: string;
  /** The one signing algorithm accepted. */
  algorithm: "RS256" | "ES256";
  keysUrl: string;
  issuers: readonly string[];
  audience: string | readonly string[];
}

const JOSE_CODES: Readonly<Record<string, VerificationError["code"]>> = {
  ERR_JWT_EXPIRED: "ERR_TOKEN_EXPIRED",
  ERR_JOSE_ALG_NOT_ALLOWED: "ERR_TOKEN_ALGORITHM",
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: "ERR_TOKEN_SIGNATURE_INVALID",
  ERR_JWS_INVALID: "ERR_TOKEN_MALFORMED",
  ERR_JWT_INVALID: "ERR_TOKEN_MALFORMED",
  ERR_JOSE_NOT_SUPPORTED: "ERR_TOKEN_ALGORITHM",
};

// Only the checks of a claim's value; a missing or non-number date is caught before these.
const CLAIM_CODES: Readonly<Record<string, VerificationError["code"]>> = {
  aud: "ERR_TOKEN_AUDIENCE_MISMATCH",
  iss: "ERR_TOKEN_ISSUER_MISMATCH",
  nbf: "ERR_TOKEN_NOT_YET_VALID",
};

const DATE_CLAIMS = new Set(["exp", "iat", "nbf"]);

/** The code for a refusal by jose: the check's own code, else ERR_TOKEN_MALFORMED. */
function codeOf(error: JOSEError): VerificationError["code"] {
  const { code, claim, reason } = error as JOSEError & { claim?: string; reason?: string };
  // jose's reasons (lib/jwt_claims_set.js): "missing" for an absent required claim, "invalid"
  // for a date that is not a number; such a token cannot be checked, so it is malformed.
  if (claim !== undefined && DATE_CLAIMS.has(claim) && reason !== "check_failed") {
    return "ERR_TOKEN_MALFORMED";
  }
  return (claim === undefined ? undefined : CLAIM_CODES[claim]) ??
    JOSE_CODES[code] ?? "ERR_TOKEN_MALFORMED";
}

/**
 * The `aud` of a token jose refused for it, quoted and bounded: not a secret, and what a caller
 * needs to tell a wrong audience option from a token minted for another service.
 */
function audienceOf(error: JOSEError): string {
  const aud = (error as JOSEError & { payload?: JWTPayload }).payload?.aud;
  const values = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
  if (values.length === 0) return "missing";
  const shown = values.slice(0, 3).map((value) => quote(String(value))).join(", ");
  return values.length > 3 ? `${shown} and ${values.length - 3} more` : shown;
}

/** jose's verdict as a VerificationError naming the check; never the token. */
async function verdict(error: unknown, rules: TokenRules): Promise<unknown> {
  if (error instanceof VerificationError || error instanceof GoogleApiError) return error;
  const { JOSEError } = await import("jose/errors");
  if (!(error instanceof JOSEError)) return error;
  const mapped = codeOf(error);
  const expected = mapped === "ERR_TOKEN_AUDIENCE_MISMATCH"
    ? ` (the token's aud is ${audienceOf(error)}; expected ${JSON.stringify(rules.audience)})`
    : mapped === "ERR_TOKEN_ISSUER_MISMATCH"
    ? ` (expected ${rules.issuers.join(" or ")})`
    : mapped === "ERR_TOKEN_ALGORITHM"
    ? ` (only ${rules.algorithm} is accepted)`
    : "";
  return new VerificationError(
    mapped,
    `The ${rules.what} failed verification: ${error.message || error.code}${expected}`,
    { cause: error },
  );
}

/**
 * What jose leaves unchecked (it reads `iat` only with `maxTokenAge`), as google-auth-library and
 * Python google-auth check it: `iat` no later than now plus the skew ("Token used too early"), and
 * `exp` no more than a day after `iat` (google-auth-library's "Expiration time too far in
 * future"). Google's ID tokens have no `nbf`, so without this a token minted for the future, or
 * one that never expires, would pass.
 */
function checkIssuedAt(payload: JWTPayload, rules: TokenRules, nowMs: number, skew: number): void {
  const iat = payload.iat!;
  const exp = payload.exp!;
  if (iat > nowMs / 1000 + skew) {
    throw new VerificationError(
      "ERR_TOKEN_USED_TOO_EARLY",
      `The ${rules.what} was issued in the future ("iat" is ${
        Math.ceil(iat - nowMs / 1000)
      } s ahead, more than the ${skew} s clock skew allowed)`,
    );
  }
  if (exp - iat > MAX_LIFETIME_SECONDS) {
    throw new VerificationError(
      "ERR_TOKEN_LIFETIME_TOO_LONG",
      `The ${rules.what} lives ${
        exp - iat
      } s ("exp" - "iat"), more than ${MAX_LIFETIME_SECONDS} s (a day)`,
    );
  }
}

/**
 * Verifies `token` by `rules`: signature, algorithm, issuer, audience, expiry, not-before, an
 * `iat` that is not in the future and a lifetime of at most a day, with `clockSkewSeconds` of
 * leeway (default 300); the keys fetched with `call`.
 */
export async function verifyToken(
  token: string,
  rules: TokenRules,
  clockSkewSeconds: number | undefined,
  call: CallSettings,
): Promise<JWTPayload> {
  if (
    typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || token.split(".").length !== 3
  ) {
    throw new VerificationError(
      "ERR_TOKEN_MALFORMED",
      `The ${rules.what} is not a compact JWT of at most ${MAX_TOKEN_LENGTH} characters`,
    );
  }
  const audience = typeof rules.audience === "string" ? [rules.audience] : [...rules.audience];
  if (audience.length === 0 || !audience.every((item) => typeof item === "string" && item !== "")) {
    throw invalidOption(
      "audience",
      `Cannot verify the ${rules.what}: audience must be a non-empty string or list`,
    );
  }
  const skew = clockSkewSeconds ?? 300;
  if (!Number.isFinite(skew) || skew < 0) {
    throw invalidOption(
      "clockSkewSeconds",
      `Cannot use option "clockSkewSeconds": expected a number >= 0, got ${skew}`,
    );
  }
  // jose's verifier loads on first use, from its own subpath: importing jose's index costs a
  // Node process tens of milliseconds at start-up (docs/measurements.md), which code that only
  // wants tokens should not pay.
  const { jwtVerify } = await import("jose/jwt/verify");
  const now = (call.now ?? Date.now)();
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => await keyFor(header.kid, rules.keysUrl, call, rules.what),
      {
        algorithms: [rules.algorithm],
        issuer: [...rules.issuers],
        audience,
        clockTolerance: skew,
        currentDate: new Date(now),
        requiredClaims: ["exp", "iat"],
      },
    );
    checkIssuedAt(payload, rules, now, skew);
    return payload;
  } catch (error) {
    throw await verdict(error, rules);
  }
}
