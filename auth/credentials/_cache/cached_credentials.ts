// Credentials over a source: the access token cache, one ID token cache per audience, request
// headers and the authorized fetch.
import type { ExpiringToken, FetchLike } from "../../types.ts";
import type { FetchContext, Source } from "../_sources/source.ts";
import type { CredentialsSettings } from "../_settings.ts";
import { type TokenCache, tokenCache } from "./token_cache.ts";
import { type ReadOnce, readOnce } from "./read_once.ts";
import { CredentialsError } from "../../errors.ts";
import { invalidOption, refuseUnknownOptions } from "../../_util/options.ts";
import { ownOption } from "../../_util/own.ts";
import { scopesOrDefault } from "../../flows/iam_credentials.ts";
import { ID_TOKEN_OPTION_NAMES } from "../_option_names.ts";
import type { Credentials, CredentialsToken, CredentialsType, IdTokenOptions } from "../types.ts";

/** ID token caches kept per Credentials; the oldest audience is dropped past this. */
const MAX_ID_TOKEN_AUDIENCES = 100;

/**
 * Whether the body of a request can be sent again after a 401 without holding a stream in
 * memory: no body, or one the runtime already holds in full. A stream is sent once.
 */
function isReplayable(input: Request | URL | string, init: RequestInit | undefined): boolean {
  const body = init?.body ?? (input instanceof Request ? input.body : null);
  return body === null || typeof body === "string" || body instanceof URLSearchParams ||
    body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body) ||
    body instanceof FormData;
}

/**
 * Defines `name` on `target` as an own, enumerable getter: `fact`'s value once read, else `given`
 * (own, so the credentials' five fields stay what `Object.entries()` and a spread give).
 */
function knownProperty<T>(target: object, name: string, given: T, fact?: ReadOnce<T>): void {
  Object.defineProperty(target, name, { enumerable: true, get: () => fact?.known ?? given });
}

/** Credentials that cache and refresh the tokens of `source`. */
export class CachedCredentials implements Credentials {
  // Own properties assigned in the constructor, in this order (declared, so no empty class fields
  // are emitted); universeDomain and serviceAccountEmail are getters of what is known so far.
  declare readonly type: CredentialsType;
  declare readonly projectId?: string;
  declare readonly universeDomain: string;
  declare readonly quotaProjectId?: string;
  declare readonly serviceAccountEmail?: string;
  #source: Source;
  /** The facts the source reads late (the metadata server's), once each; absent for the others. */
  #universeDomain?: ReadOnce<string>;
  #serviceAccountEmail?: ReadOnce<string | undefined>;
  #context: FetchContext;
  /** The caller's `fetch`, for {@linkcode CachedCredentials.fetch}; absent: the runtime's. */
  #fetch?: FetchLike<Response>;
  /** A cache of what `mint` gives, on the options' clock and eager refresh. */
  #cache: (mint: () => Promise<ExpiringToken>) => TokenCache;
  #accessToken: TokenCache;
  #idTokens = new Map<string, TokenCache>();

  constructor(source: Source, settings: CredentialsSettings, projectId?: string) {
    const { readUniverseDomain, readServiceAccountEmail } = source;
    this.type = source.type;
    this.projectId = projectId ?? source.projectId;
    if (readUniverseDomain !== undefined) {
      this.#universeDomain = readOnce(() => readUniverseDomain(this.#context.call));
    }
    knownProperty(this, "universeDomain", source.universeDomain, this.#universeDomain);
    this.quotaProjectId = source.quotaProjectId;
    if (readServiceAccountEmail !== undefined) {
      this.#serviceAccountEmail = readOnce(() => readServiceAccountEmail(this.#context.call));
    }
    knownProperty(
      this,
      "serviceAccountEmail",
      source.serviceAccountEmail,
      this.#serviceAccountEmail,
    );
    this.#source = source;
    const { call, eagerRefreshMs, share } = settings;
    // The caller's scopes win over the configuration's own; cloud-platform when neither names any.
    const scopes = scopesOrDefault(settings.scopes ?? source.defaultScopes);
    const now = call.now ?? Date.now;
    this.#cache = (mint) => tokenCache(mint, now, eagerRefreshMs);
    this.#context = { call, scopes };
    this.#fetch = settings.fetch;
    const mint = () => source.accessToken(this.#context);
    // Own only: a source without a configuration must not take one from a polluted prototype.
    const configuration = ownOption(source, "configuration");
    this.#accessToken = this.#cache(
      share === undefined || configuration === undefined
        ? mint
        : share(mint, configuration, scopes),
    );
    // Users pass methods as values (`fetch: credentials.fetch`): each is bound to these
    // credentials, as an own property that Object.entries() and a spread do not list.
    for (const name of Object.getOwnPropertyNames(CachedCredentials.prototype)) {
      const method = (this as unknown as Record<string, unknown>)[name];
      if (name === "constructor" || typeof method !== "function") continue;
      Object.defineProperty(this, name, {
        value: method.bind(this),
        writable: true,
        configurable: true,
      });
    }
  }

  getUniverseDomain(): Promise<string> {
    return this.#universeDomain?.get() ?? Promise.resolve(this.universeDomain);
  }

  getAccessToken(): Promise<CredentialsToken> {
    return this.#accessToken.get();
  }

  getIdToken(audience: string, options: IdTokenOptions = {}): Promise<CredentialsToken> {
    try {
      if (typeof audience !== "string" || audience.trim() === "") {
        throw invalidOption(
          "audience",
          "Cannot get an ID token: audience must be a non-empty string",
        );
      }
      refuseUnknownOptions(options, ID_TOKEN_OPTION_NAMES, "getIdToken()");
    } catch (error) {
      return Promise.reject(error);
    }
    const includeEmail = options.includeEmail ?? false;
    const key = `${includeEmail ? "email" : "plain"} ${audience}`;
    let cache = this.#idTokens.get(key);
    if (cache === undefined) {
      cache = this.#cache(() => this.#source.idToken(audience, includeEmail, this.#context));
      this.#idTokens.set(key, cache);
      if (this.#idTokens.size > MAX_ID_TOKEN_AUDIENCES) {
        this.#idTokens.delete(this.#idTokens.keys().next().value!);
      }
    }
    return cache.get();
  }

  async getRequestHeaders(): Promise<Record<string, string>> {
    return this.#headersFor((await this.getAccessToken()).token);
  }

  async fetch(input: Request | URL | string, init?: RequestInit): Promise<Response> {
    const fetchImpl = this.#fetch ?? globalThis.fetch;
    const first = new Request(input, init);
    const spare = isReplayable(input, init) ? first.clone() : undefined;
    const { token } = await this.getAccessToken();
    const response = await fetchImpl(this.#authorized(first, token));
    if (response.status !== 401 || spare === undefined) return response;
    await response.body?.cancel();
    this.#accessToken.invalidate(token);
    const fresh = await this.getAccessToken();
    return await fetchImpl(this.#authorized(spare, fresh.token));
  }

  async sign(data: Uint8Array | string): Promise<Uint8Array> {
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
    if (!(bytes instanceof Uint8Array)) {
      throw invalidOption("data", "Cannot sign: data must be a Uint8Array or a string");
    }
    const sign = this.#source.sign;
    if (sign === undefined) throw this.#noServiceAccount();
    // The email names the account and the universe picks IAM Credentials' host: both read first.
    const [serviceAccountEmail, universeDomain] = await Promise.all([
      this.getServiceAccountEmail(),
      this.getUniverseDomain(),
    ]);
    const ownToken = async () => (await this.getAccessToken()).token;
    return await sign(bytes, this.#context, ownToken, { serviceAccountEmail, universeDomain });
  }

  async getServiceAccountEmail(): Promise<string> {
    const email = this.#serviceAccountEmail === undefined
      ? this.serviceAccountEmail
      : await this.#serviceAccountEmail.get();
    if (email === undefined) throw this.#noServiceAccount();
    return email;
  }

  #noServiceAccount(): CredentialsError {
    const what = this.type === "metadata_server"
      ? "the metadata server has no service account attached"
      : `${this.type} credentials act as no service account`;
    return new CredentialsError(
      "ERR_SIGN_NO_SERVICE_ACCOUNT",
      `Cannot sign: ${what}`,
    );
  }

  #headersFor(token: string): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (this.quotaProjectId !== undefined) headers["x-goog-user-project"] = this.quotaProjectId;
    return headers;
  }

  #authorized(request: Request, token: string): Request {
    for (const [name, value] of Object.entries(this.#headersFor(token))) {
      request.headers.set(name, value);
    }
    return request;
  }
}
