// Access tokens shared through a TokenStore: looked for before minting, written after. A value is
// AES-GCM under a key derived (HKDF-SHA-256) from the credentials' own secret, and the store key
// is derived too, so neither the key nor the value tells anything without that secret; a value
// is used only while its own expiry leaves more than the eager-refresh window. A store that fails
// or hangs is passed by: sharing saves a mint, it never costs a token.
import type { AuthLogger, ExpiringToken } from "../../types.ts";
import type { TokenStore } from "../types.ts";
import { fieldOf, isRecord } from "../../_util/json.ts";
import { base64urlDecode, base64urlEncode } from "../../_util/base64url.ts";
import { requireMethods } from "../../_util/options.ts";
import type { CredentialsSettings, TokenSharing } from "../_settings.ts";

/** How long a store call may take before it is passed by. */
const STORE_TIMEOUT_MS = 1000;
const SALT = new TextEncoder().encode("@gcp-oidc/auth token store v1");

/** What the store needs of the credentials. */
interface SharedTokenOptions {
  store: TokenStore;
  /** The credentials' configuration, with its secret: the key material. */
  secret: string;
  scopes: readonly string[];
  now: () => number;
  eagerMs: number;
  log?: AuthLogger;
}

interface Keys {
  storeKey: string;
  aes: CryptoKey;
}

/** The store key and the AES key of `secret` and `scopes` (the scopes in either derivation). */
async function deriveKeys(secret: string, scopes: readonly string[]): Promise<Keys> {
  const encoder = new TextEncoder();
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
    "deriveKey",
  ]);
  const scope = [...new Set(scopes)].sort().join(" ");
  const hkdf = (purpose: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: SALT,
    info: encoder.encode(`${purpose}\n${scope}`),
  });
  const [id, aes] = await Promise.all([
    crypto.subtle.deriveBits(hkdf("store key"), material, 256),
    crypto.subtle.deriveKey(hkdf("aes-gcm"), material, { name: "AES-GCM", length: 256 }, false, [
      "encrypt",
      "decrypt",
    ]),
  ]);
  return { storeKey: `gcp-oidc-token-${base64urlEncode(new Uint8Array(id))}`, aes };
}

/** `promise`, or a rejection naming `what` after {@linkcode STORE_TIMEOUT_MS}. */
function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${STORE_TIMEOUT_MS} ms`)),
      STORE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function seal(keys: Keys, token: ExpiringToken & { expiresAt: Date }): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(
    JSON.stringify({ token: token.token, expiresAt: token.expiresAt.getTime() }),
  );
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(keys.storeKey) },
    keys.aes,
    plain,
  );
  return `v1.${base64urlEncode(iv)}.${base64urlEncode(new Uint8Array(sealed))}`;
}

async function open(keys: Keys, value: string): Promise<{ token: string; expiresAt: Date }> {
  const [version, iv, sealed] = value.split(".");
  if (version !== "v1" || iv === undefined || sealed === undefined) {
    throw new Error("not a stored token of this library");
  }
  const plain = await crypto.subtle.decrypt(
    {
      name: "AES-GCM",
      iv: base64urlDecode(iv),
      additionalData: new TextEncoder().encode(keys.storeKey),
    },
    keys.aes,
    base64urlDecode(sealed),
  );
  const { token, expiresAt } = JSON.parse(new TextDecoder().decode(plain));
  if (typeof token !== "string" || typeof expiresAt !== "number") {
    throw new Error("a stored token without its fields");
  }
  return { token, expiresAt: new Date(expiresAt) };
}

/** Why a store call failed, without its value. */
function failure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
}

/**
 * `mint` behind the store: a stored token with more than the eager-refresh window left, else a
 * minted one, written with a TTL that ends where the window begins.
 */
function sharedMint(
  mint: () => Promise<ExpiringToken>,
  options: SharedTokenOptions,
): () => Promise<ExpiringToken> {
  const { store, now, eagerMs, log } = options;
  let keys: Promise<Keys> | undefined;
  return async () => {
    let own: Keys;
    try {
      keys ??= deriveKeys(options.secret, options.scopes);
      own = await keys;
    } catch (error) {
      // No keys, no sharing: the token is minted as if there were no store.
      log?.debug(`Token store passed by (keys): ${failure(error)}`);
      return await mint();
    }
    try {
      const value = await bounded(store.get(own.storeKey), "the token store's get");
      if (value !== undefined && value !== null) {
        const stored = await open(own, value);
        if (stored.expiresAt.getTime() - now() > eagerMs) return stored;
      }
    } catch (error) {
      log?.debug(`Token store passed by (get): ${failure(error)}`);
    }
    const minted = await mint();
    if (minted.expiresAt !== undefined) {
      const ttl = Math.floor((minted.expiresAt.getTime() - now() - eagerMs) / 1000);
      if (ttl >= 1) {
        try {
          const value = await seal(own, { ...minted, expiresAt: minted.expiresAt });
          await bounded(store.set(own.storeKey, value, ttl), "the token store's set");
        } catch (error) {
          log?.debug(`Token store passed by (set): ${failure(error)}`);
        }
      }
    }
    return minted;
  };
}

/**
 * The key material of a shared token store: the configuration's secret (a private key or refresh
 * token, its own or its `source_credentials'`) with the fields that name whom its tokens are for
 * (an impersonation target, a client). A configuration without one (an `external_account`)
 * shares no tokens. Other fields (universe_domain...) are not read again.
 */
function storeSecretOf(record: Readonly<Record<string, unknown>>): string | undefined {
  const names = [
    "type",
    "private_key",
    "refresh_token",
    "client_id",
    "client_email",
    "service_account_impersonation_url",
  ];
  const material = (from: Readonly<Record<string, unknown>>): unknown[] | undefined => {
    const values = names.map((name) => fieldOf(from, name));
    const source = fieldOf(from, "source_credentials");
    const inner = isRecord(source) ? material(source) : undefined;
    const own = typeof fieldOf(from, "private_key") === "string" ||
      typeof fieldOf(from, "refresh_token") === "string";
    return own || inner !== undefined ? [...values, inner] : undefined;
  };
  const secret = material(record);
  return secret === undefined ? undefined : JSON.stringify(secret);
}

/**
 * `settings` with their tokens shared through `store`, when there is one: what
 * `credentialsFromJson()`, `loadCredentials()` and the key-only `GoogleAuth` do with their
 * `tokenStore` option. Only they reference this module, so a bundle of another constructor
 * carries none of it.
 */
export function withTokenStore(
  settings: CredentialsSettings,
  store: TokenStore | undefined,
): CredentialsSettings {
  if (store === undefined) return settings;
  // A store without its methods would fail at every call, each passed by: sharing would be off
  // without a word, so it is refused here.
  requireMethods("tokenStore", store, ["get", "set"]);
  const { call, eagerRefreshMs } = settings;
  const share: TokenSharing = (mint, configuration, scopes) => {
    const secret = storeSecretOf(configuration);
    if (secret === undefined) return mint;
    const now = call.now ?? Date.now;
    return sharedMint(mint, { store, secret, scopes, now, eagerMs: eagerRefreshMs, log: call.log });
  };
  return { ...settings, share };
}
