// What both GoogleAuth stand-ins share: the options, the client made once on first use (never at
// construction), the projectId option over the credentials' own, and the methods the SDKs call.
// Each entry's GoogleAuth says only how its credentials are made.
import type { AuthClient } from "../credentials/auth_client.ts";
import type { TokenStore } from "../credentials/types.ts";
import { isRecord, parseJsonOrUndefined } from "../_util/json.ts";
import { type OptionNameSet, refuseUnknownOptions, requireMethods } from "../_util/options.ts";

/**
 * The options of google-auth-library's `GoogleAuth` these SDKs pass, plus `fetch` and
 * `tokenStore` for the credentials made here (for any other credentials option, make the
 * credentials and pass `authClient: toAuthClient(credentials)`).
 */
export interface GoogleAuthOptions {
  /** A client to use as is: every call goes to it; `credentials` and `keyFile` are then ignored. */
  authClient?: AuthClient;
  /** A credentials file's JSON, parsed or as text (`type` may be left out for a key). */
  credentials?: string | object;
  /** The path of a credentials file; refused where the runtime has no file system. */
  keyFile?: string;
  /** The same as `keyFile` (google-auth-library has both names). */
  keyFilename?: string;
  /** OAuth scopes: one or a list; default cloud-platform. */
  scopes?: string | readonly string[];
  /** The project, instead of the credentials' own. */
  projectId?: string;
  /** The `fetch` of the credentials made here; default `globalThis.fetch`. */
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  /** A store the credentials made here share tokens through (`@gcp-oidc/auth/token-store`). */
  tokenStore?: TokenStore;
}

/**
 * A key's JSON without `type` is a service account key, as google-auth-library reads it. Text
 * that is not JSON is left for the credentials' maker to refuse, naming the option.
 */
export function withType(json: string | object): string | object {
  const record = typeof json === "string" ? parseJsonOrUndefined(json) : json;
  if (!isRecord(record) || Object.hasOwn(record, "type")) return json;
  const isKey = Object.hasOwn(record, "client_email") && Object.hasOwn(record, "private_key");
  return isKey ? { ...record, type: "service_account" } : json;
}

/** The options of the credentials a GoogleAuth makes, from its own: `fetch`, `tokenStore`, scopes. */
export interface MadeCredentialsOptions {
  /** The `fetch` option. */
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  /** The `tokenStore` option. */
  tokenStore?: TokenStore;
  /** The `scopes` option, as a list. */
  scopes?: readonly string[];
}

/** The kinds of the options a GoogleAuth hands on, checked before either stand-in makes credentials. */
const MADE_OPTION_NAMES: OptionNameSet<MadeCredentialsOptions> = {
  fetch: "function",
  tokenStore: "object",
  scopes: "array",
};

/**
 * google-auth-library's `GoogleAuth` over this library's credentials, less how they are made:
 * `authClient` when given, else the client of {@linkcode GoogleAuthBase.makeClient},
 * made on the first call and kept (a failure is tried again on the next call). Each entry's
 * `GoogleAuth` extends it; so can a class that makes credentials its own way.
 *
 * @example Credentials made another way
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, toAuthClient } from "@gcp-oidc/auth";
 * import { type AuthClient, GoogleAuthBase } from "@gcp-oidc/auth/google-auth-library";
 *
 * class UserAuth extends GoogleAuthBase {
 *   protected override makeClient(): Promise<AuthClient> {
 *     const user = { type: "authorized_user", client_id: "i", client_secret: "s", refresh_token: "r" };
 *     const fetch = async () => Response.json({ access_token: "ya29.user", expires_in: 3600 });
 *     return Promise.resolve(toAuthClient(credentialsFromJson(user, { fetch })));
 *   }
 * }
 * assert.equal(await new UserAuth({}).getAccessToken(), "ya29.user");
 * ```
 */
export abstract class GoogleAuthBase {
  readonly #options: GoogleAuthOptions;
  #client: Promise<AuthClient> | undefined;

  /**
   * Keeps a copy of the options; makes no call and reads nothing.
   *
   * @param options The options.
   */
  constructor(options: GoogleAuthOptions) {
    this.#options = { ...options };
  }

  /**
   * The client of credentials made from `options` (no `authClient` was given).
   *
   * @param options The options as given.
   * @param made The options of the credentials to make.
   */
  protected abstract makeClient(
    options: Readonly<GoogleAuthOptions>,
    made: MadeCredentialsOptions,
  ): Promise<AuthClient>;

  /** The project given as an option (google-auth-library's property), else undefined. */
  get projectId(): string | undefined {
    return this.#options.projectId;
  }

  /**
   * The client: `authClient`, else credentials made once.
   *
   * @returns The same client on every call (a failed search is tried again on the next call).
   */
  getClient(): Promise<AuthClient> {
    this.#client ??= this.#clientOfOptions().catch((error) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  async #clientOfOptions(): Promise<AuthClient> {
    const { authClient, projectId, fetch, tokenStore, scopes } = this.#options;
    if (authClient !== undefined) {
      requireMethods("authClient", authClient, ["getRequestHeaders", "getAccessToken"]);
      return authClient;
    }
    const made: MadeCredentialsOptions = {
      ...(fetch === undefined ? {} : { fetch }),
      ...(tokenStore === undefined ? {} : { tokenStore }),
      ...(scopes === undefined ? {} : { scopes: typeof scopes === "string" ? [scopes] : scopes }),
    };
    refuseUnknownOptions(made, MADE_OPTION_NAMES, "GoogleAuth");
    const client = await this.makeClient(this.#options, made);
    if (projectId === undefined) return client;
    return Object.create(client, { projectId: { value: projectId, enumerable: true } });
  }

  /**
   * `authorization` (and `x-goog-user-project`) for a request.
   *
   * @param url Accepted for google-auth-library's signature; the headers are the same for all.
   * @returns The headers.
   */
  async getRequestHeaders(url?: string | URL): Promise<Headers> {
    return await (await this.getClient()).getRequestHeaders(url);
  }

  /**
   * An access token, as google-auth-library's `GoogleAuth.getAccessToken()` gives it.
   *
   * @returns The token (cached and refreshed by the credentials).
   */
  async getAccessToken(): Promise<string> {
    return (await (await this.getClient()).getAccessToken()).token;
  }

  /**
   * The `projectId` option, else the credentials'.
   *
   * @returns The project id.
   * @throws {CredentialsError} `ERR_CREDENTIALS_FIELD_MISSING` when neither names one.
   */
  async getProjectId(): Promise<string> {
    return this.#options.projectId ?? await (await this.getClient()).getProjectId();
  }

  /**
   * The universe domain of the credentials (`googleapis.com` unless they name another).
   *
   * @returns The universe domain.
   */
  async getUniverseDomain(): Promise<string> {
    return await (await this.getClient()).getUniverseDomain();
  }

  /**
   * `fetch` with the request headers added.
   *
   * @param input The request.
   * @param init Its options.
   * @returns The response.
   */
  async fetch(input: Request | URL | string, init?: RequestInit): Promise<Response> {
    return await (await this.getClient()).fetch(input, init);
  }
}
