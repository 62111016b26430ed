// What the emulator remembers between requests: signing keys (GitHub's, Google's, each service
// account's Google-managed and user-managed keys) and the access tokens it issued.
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  type JWK,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyOptions,
  SignJWT,
} from "jose";
import { type Config, projectOf } from "./config.ts";
import { giveBack, randomId, type SigningKey, takeKey } from "./key_pool.ts";
import { TokenStore } from "./token_store.ts";
import { selfSignedCertificate } from "./x509.ts";
import { giveBackPki, type Pki, takePki } from "./x509_pki.ts";
import type { TokenInfo } from "../types.ts";

const ID_TOKEN_LIFETIME_SECONDS = 3600;
/** The subject of the certificates of Google's ID token keys, as Google's own read. */
const GOOGLE_CERTIFICATE_NAME = "federated-signon.system.gserviceaccount.com";
/** Certificates start an hour before they are made (clock skew) and last two weeks, as Google's. */
const CERTIFICATE_BACKDATE_MS = 3_600_000;
const CERTIFICATE_LIFETIME_MS = 14 * 86_400_000;

/** The emulator's memory. */
export class State {
  readonly config: Config;
  readonly #github: Promise<SigningKey>;
  readonly #google: Promise<SigningKey>;
  /** Each service account's Google-managed key, made at start as Google has it beforehand. */
  readonly #managed: ReadonlyMap<string, Promise<SigningKey>>;
  /** Each service account's user-managed keys by key id. */
  readonly #userKeys = new Map<string, Map<string, SigningKey>>();
  /** PEM certificates by key id, made on first use. */
  readonly #certificates = new Map<string, Promise<string>>();
  #iap: Promise<SigningKey> | undefined;
  /** The mutual TLS listener's and the X.509 workload's certificates. */
  readonly #pki: Promise<Pki>;
  /** Every key pair taken from the pool (its own and user-managed keys), given back on close. */
  readonly #taken: Promise<SigningKey>[] = [];
  #released = false;
  readonly #tokens: TokenStore;
  readonly #refreshTokens = new Map<string, readonly string[]>();
  readonly #workforceRefreshTokens = new Map<string, { subject: string; clientId: string }>();
  /** The metadata server's current access token by service account and scope set. */
  readonly metadataTokens = new Map<string, string>();
  /** The EC2 metadata service's IMDSv2 session tokens, with when each expires (ms). */
  readonly imdsSessions = new Map<string, number>();
  /** The OAuth client `authorized_user` credentials name (as gcloud's own client). */
  readonly oauthClient: Readonly<{ id: string; secret: string }>;

  constructor(config: Config) {
    this.config = config;
    this.#tokens = new TokenStore(config.now);
    this.oauthClient = {
      id: `${config.projectNumber}-emulated.apps.googleusercontent.com`,
      secret: `GOCSPX-${randomId(14)}`,
    };
    // One key pair of its own serves GitHub, Google and each account's Google-managed key, each
    // under its own key id: every check matches the key id, so none stands in for another.
    const own = this.#take();
    const role = async () => ({ ...await own, kid: randomId(20) });
    this.#github = role();
    this.#google = role();
    this.#managed = new Map(config.serviceAccounts.map((email) => [email, role()]));
    this.#pki = takePki(config.now());
  }

  #take(): Promise<SigningKey> {
    const key = takeKey();
    this.#taken.push(key);
    return key;
  }

  /** Resolves once every key exists, so no answer pays for making one. */
  async ready(): Promise<void> {
    await Promise.all([this.#github, this.#google, this.#pki, ...this.#managed.values()]);
  }

  /** The X.509 certificates: the mutual TLS listener's, and the workload PKI's. */
  pki(): Promise<Pki> {
    return this.#pki;
  }

  /**
   * Gives the keys and the X.509 material back to the pools (once): the emulator is closed or
   * failed to start.
   */
  async release(): Promise<void> {
    if (this.#released) return;
    this.#released = true;
    const settled = await Promise.allSettled(this.#taken);
    giveBack(settled.flatMap((result) => result.status === "fulfilled" ? [result.value] : []));
    const [pki] = await Promise.allSettled([this.#pki]);
    if (pki.status === "fulfilled") giveBackPki(pki.value);
  }

  /** The key GitHub signs OIDC tokens with. */
  githubKey(): Promise<SigningKey> {
    return this.#github;
  }

  /**
   * An ID token Google signs (issuer `https://accounts.google.com`, one hour) for `audience`
   * about `subject` (a numeric id), with further `claims`; it verifies at the emulator's
   * `googleCertsUrl`.
   */
  async googleIdToken(
    audience: string,
    subject: string,
    claims: Record<string, unknown>,
  ): Promise<string> {
    const key = await this.#google;
    const iat = Math.floor(this.config.now() / 1000);
    return await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
      .setIssuer("https://accounts.google.com")
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_LIFETIME_SECONDS)
      .sign(key.privateKey);
  }

  /** The public key of GitHub's issuer (`"github"`) or of Google's ID tokens as a JWKS. */
  async jwks(issuer: "github" | "google"): Promise<{ keys: JWK[] }> {
    const key = await (issuer === "github" ? this.#github : this.#google);
    const jwk = await exportJWK(key.publicKey);
    return { keys: [{ ...jwk, kid: key.kid, alg: "RS256", use: "sig" }] };
  }

  /** A service account's keys: its Google-managed key, then its user-managed keys. */
  async #accountKeys(email: string): Promise<SigningKey[]> {
    return [await this.managedKey(email), ...(this.#userKeys.get(email)?.values() ?? [])];
  }

  /** A service account's public keys (Google-managed and user-managed) as a JWKS. */
  async serviceAccountJwks(email: string): Promise<{ keys: JWK[] }> {
    const keys = await this.#accountKeys(email);
    return {
      keys: await Promise.all(keys.map(async ({ kid, publicKey }) => ({
        ...await exportJWK(publicKey),
        kid,
        alg: "RS256",
        use: "sig",
      }))),
    };
  }

  /**
   * Google's ID token key as `{ <kid>: <PEM certificate> }`, as
   * `https://www.googleapis.com/oauth2/v1/certs` publishes the keys of `oauth2/v3/certs`.
   */
  async googleCertificates(): Promise<Record<string, string>> {
    return await this.#certificatesOf([await this.#google], GOOGLE_CERTIFICATE_NAME);
  }

  /**
   * A service account's keys as `{ <kid>: <PEM certificate> }`, as
   * `https://www.googleapis.com/service_accounts/v1/metadata/x509/<email>` publishes them.
   */
  async serviceAccountCertificates(email: string): Promise<Record<string, string>> {
    return await this.#certificatesOf(await this.#accountKeys(email), email);
  }

  /** Self-signed certificates of `keys` for `name`, made once per key id. */
  async #certificatesOf(keys: SigningKey[], name: string): Promise<Record<string, string>> {
    const now = this.config.now();
    const entries = await Promise.all(keys.map(async (key) => {
      let pem = this.#certificates.get(key.kid);
      if (pem === undefined) {
        pem = selfSignedCertificate(key, {
          commonName: name,
          serialHex: key.kid,
          notBefore: now - CERTIFICATE_BACKDATE_MS,
          notAfter: now + CERTIFICATE_LIFETIME_MS,
        });
        this.#certificates.set(key.kid, pem);
      }
      return [key.kid, await pem] as const;
    }));
    return Object.fromEntries(entries);
  }

  /** The ES256 key IAP signs its assertions with (made on first use: P-256 keys are quick). */
  iapKey(): Promise<SigningKey> {
    this.#iap ??= crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ]).then(({ privateKey, publicKey }) => ({ kid: randomId(4), privateKey, publicKey }));
    return this.#iap;
  }

  /** IAP's public key as a JWKS. */
  async iapJwks(): Promise<{ keys: JWK[] }> {
    const key = await this.iapKey();
    return {
      keys: [{ ...await exportJWK(key.publicKey), kid: key.kid, alg: "ES256", use: "sig" }],
    };
  }

  /** Whether `email` names a service account that exists. */
  hasServiceAccount(email: string): boolean {
    return this.config.serviceAccounts.includes(email);
  }

  /** The numeric unique id of a service account (stable for its email). */
  uniqueId(email: string): string {
    let hash = 0n;
    for (const char of email) hash = (hash * 131n + BigInt(char.codePointAt(0)!)) % 10n ** 20n;
    return `1${hash.toString().padStart(20, "0")}`;
  }

  /** The service account an email or unique id names, or `undefined`. */
  resolveServiceAccount(name: string): string | undefined {
    if (this.hasServiceAccount(name)) return name;
    return this.config.serviceAccounts.find((email) => this.uniqueId(email) === name);
  }

  /** The Google-managed key of a service account (what `signJwt` signs with). */
  managedKey(email: string): Promise<SigningKey> {
    const key = this.#managed.get(email);
    if (key === undefined) throw new TypeError(`No service account "${email}" in the emulator`);
    return key;
  }

  /**
   * Creates a user-managed key of a service account and returns it as key file JSON text whose
   * `token_uri` is `tokenUri`.
   */
  async createUserKey(email: string, tokenUri: string): Promise<string> {
    const key = await this.#take();
    const keys = this.#userKeys.get(email) ?? new Map<string, SigningKey>();
    keys.set(key.kid, key);
    this.#userKeys.set(email, keys);
    const project = projectOf(email);
    return JSON.stringify({
      type: "service_account",
      project_id: project,
      private_key_id: key.kid,
      private_key: await exportPKCS8(key.privateKey),
      client_email: email,
      client_id: this.uniqueId(email),
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: tokenUri,
      auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${
        encodeURIComponent(email)
      }`,
      universe_domain: this.config.universe,
    });
  }

  /**
   * The public keys a service account's JWT may be signed with: the one `kid` names
   * (user-managed or Google-managed), or every key of the account when there is no `kid`, as
   * Google tries them all.
   */
  async #verificationKeys(email: string, kid: string | undefined): Promise<CryptoKey[]> {
    const user = this.#userKeys.get(email)?.values() ?? [];
    const managed = await this.#managed.get(email);
    const all = new Map([...user].map((key) => [key.kid, key.publicKey]));
    if (managed !== undefined) all.set(managed.kid, managed.publicKey);
    if (kid === undefined) return [...all.values()];
    const key = all.get(kid);
    return key === undefined ? [] : [key];
  }

  /**
   * The claims of `jwt` when a key of its `iss` service account signed it (RS256) and it passes
   * `options` on the emulator's clock; `undefined` when it is malformed, from no account of the
   * emulator, badly signed, expired or fails `options`.
   */
  async verifyServiceAccountJwt(
    jwt: string,
    options: JWTVerifyOptions = {},
  ): Promise<JWTPayload | undefined> {
    let iss: unknown;
    let kid: string | undefined;
    try {
      ({ iss } = decodeJwt(jwt));
      ({ kid } = decodeProtectedHeader(jwt));
    } catch {
      return undefined;
    }
    if (typeof iss !== "string" || !this.hasServiceAccount(iss)) return undefined;
    for (const key of await this.#verificationKeys(iss, kid)) {
      try {
        return (await jwtVerify(jwt, key, {
          ...options,
          algorithms: ["RS256"],
          currentDate: new Date(this.config.now()),
        })).payload;
      } catch {
        // the next key, if any
      }
    }
    return undefined;
  }

  /**
   * A refresh token of a workforce pool user (`subject`) for the OAuth client `clientId`, as
   * `gcloud auth login --login-config` gets one.
   */
  createWorkforceRefreshToken(subject: string, clientId: string): string {
    const token = `1//${base64url.encode(crypto.getRandomValues(new Uint8Array(48)))}`;
    this.#workforceRefreshTokens.set(token, { subject, clientId });
    return token;
  }

  /** The user and client of a workforce refresh token the emulator issued, or `undefined`. */
  workforceRefreshToken(token: string): { subject: string; clientId: string } | undefined {
    return this.#workforceRefreshTokens.get(token);
  }

  /** A refresh token of the emulated user granting `scopes` to the OAuth client. */
  createRefreshToken(scopes: readonly string[]): string {
    const token = `1//${base64url.encode(crypto.getRandomValues(new Uint8Array(48)))}`;
    this.#refreshTokens.set(token, [...scopes]);
    return token;
  }

  /** The scopes a refresh token grants, or `undefined` when the emulator did not issue it. */
  refreshTokenScopes(token: string): readonly string[] | undefined {
    return this.#refreshTokens.get(token);
  }

  /** Issues an opaque access token standing for `info`, valid `lifetimeSeconds` from now. */
  issueToken(info: Omit<TokenInfo, "expiresAt" | "issuedAt">, lifetimeSeconds: number): string {
    // One read of the clock: the lifetime is exactly what was asked.
    const now = this.config.now();
    return this.issueTokenUntil(info, new Date(now + lifetimeSeconds * 1000), new Date(now));
  }

  /** Issues an opaque access token standing for `info`, valid until `expiresAt`. */
  issueTokenUntil(
    info: Omit<TokenInfo, "expiresAt" | "issuedAt">,
    expiresAt: Date,
    issuedAt: Date = new Date(this.config.now()),
  ): string {
    const token = `ya29.${base64url.encode(crypto.getRandomValues(new Uint8Array(48)))}`;
    this.#tokens.add(token, { ...info, issuedAt, expiresAt });
    return token;
  }

  /** What a live token stands for; `undefined` once it expired. */
  tokenInfo(token: string): TokenInfo | undefined {
    return this.#tokens.get(token);
  }
}
