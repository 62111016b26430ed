/**
 * {@linkcode GoogleAuth}: google-auth-library's entry class over this library's credentials, for
 * SDKs that construct one themselves (`@anthropic-ai/vertex-sdk`, `@google/genai`,
 * `@ai-sdk/google-vertex`) when `google-auth-library` is aliased to this module at bundle time.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { type AuthClient, toAuthClient } from "../credentials/auth_client.ts";
import { loadCredentials } from "../credentials/load_credentials.ts";
import { credentialsFromJson } from "../credentials/credentials_from_json.ts";
import type { CredentialsOptions, TokenStore } from "../credentials/types.ts";
import { hasFileSystem, readFailure, readFileDefault } from "../credentials/_sources/runtime.ts";

/**
 * The options of google-auth-library's `GoogleAuth` these SDKs pass, plus `fetch` for the
 * credentials made here (for any other credentials option, make the credentials and pass
 * `authClient: toAuthClient(credentials)`).
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

const KEY_FILE_HINT =
  "pass the file's contents as `credentials` (for example from a secret binding) instead";

/** Where a file system is, the options to find credentials by ADC, `keyFile` first. */
function keyFileOf(options: GoogleAuthOptions): string | undefined {
  const keyFile = options.keyFile ?? options.keyFilename;
  if (keyFile === undefined || options.authClient !== undefined) return undefined;
  if (options.credentials !== undefined) return undefined;
  if (!hasFileSystem()) {
    throw new CredentialsError(
      "ERR_OPTIONS_INVALID",
      "Cannot use GoogleAuth's keyFile/keyFilename: this runtime has no file system",
      { option: "keyFile", hint: KEY_FILE_HINT },
    );
  }
  return keyFile;
}

/** A key's JSON without `type` is a service account key, as google-auth-library reads it. */
function withType(json: string | object): string | object {
  const record = typeof json === "string" ? JSON.parse(json) : json;
  if (
    record !== null && typeof record === "object" && !("type" in record) &&
    "client_email" in record && "private_key" in record
  ) {
    return { ...record, type: "service_account" };
  }
  return json;
}

/**
 * google-auth-library's `GoogleAuth` over this library's credentials: `credentials` (an object or
 * JSON text) or `authClient` when given, else Application Default Credentials
 * (`loadCredentials()`), looked for on the first call, never at construction (an SDK may construct
 * one at module load). `keyFile`/`keyFilename` are read where the runtime has a file system and
 * refused at construction where it has none (a Worker).
 *
 * @example The calls @anthropic-ai/vertex-sdk makes
 * ```ts
 * import assert from "node:assert/strict";
 * import { GoogleAuth } from "./google_auth.ts";
 *
 * const auth = new GoogleAuth({
 *   credentials: JSON.stringify({
 *     type: "authorized_user",
 *     client_id: "id",
 *     client_secret: "s",
 *     refresh_token: "r",
 *     quota_project_id: "billing",
 *   }),
 *   projectId: "my-project",
 *   fetch: async () => Response.json({ access_token: "ya29.t", expires_in: 3600 }),
 * });
 * const client = await auth.getClient();
 * assert.equal(client.projectId, "my-project");
 * const headers = await client.getRequestHeaders();
 * assert.equal(headers.get("authorization"), "Bearer ya29.t");
 * assert.equal(headers.get("x-goog-user-project"), "billing");
 * assert.equal(await auth.getAccessToken(), "ya29.t");
 * ```
 */
export class GoogleAuth {
  #options: GoogleAuthOptions;
  #keyFile: string | undefined;
  #client: Promise<AuthClient> | undefined;

  /**
   * Keeps the options; makes no call and reads nothing.
   *
   * @param options The options; none means Application Default Credentials.
   * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for `keyFile` without a file system.
   */
  constructor(options: GoogleAuthOptions = {}) {
    this.#options = { ...options };
    this.#keyFile = keyFileOf(this.#options);
  }

  /** The project given as an option (google-auth-library's property), else undefined. */
  get projectId(): string | undefined {
    return this.#options.projectId;
  }

  /**
   * The client: `authClient`, else credentials made once from `credentials`, `keyFile` or ADC.
   *
   * @returns The same client on every call (a failed search is tried again on the next call).
   */
  getClient(): Promise<AuthClient> {
    this.#client ??= this.#makeClient().catch((error) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  async #makeClient(): Promise<AuthClient> {
    const { authClient, credentials, projectId, fetch, tokenStore } = this.#options;
    if (authClient !== undefined) return authClient;
    const { scopes } = this.#options;
    const options: CredentialsOptions = {
      ...(fetch === undefined ? {} : { fetch }),
      ...(tokenStore === undefined ? {} : { tokenStore }),
      ...(scopes === undefined ? {} : { scopes: typeof scopes === "string" ? [scopes] : scopes }),
    };
    const made = credentials !== undefined
      ? credentialsFromJson(withType(credentials), options)
      : await loadCredentials(
        this.#keyFile === undefined
          ? options
          : { ...options, credentials: withType(await readKeyFile(this.#keyFile)) },
      );
    const client = toAuthClient(made);
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

/** The text of `keyFile`, bounded as every credentials file. */
async function readKeyFile(keyFile: string): Promise<string> {
  try {
    return await readFileDefault(keyFile);
  } catch (cause) {
    throw new CredentialsError(
      "ERR_CREDENTIALS_UNREADABLE",
      `Cannot read GoogleAuth's keyFile ${JSON.stringify(keyFile)}: ${readFailure(cause)}`,
      { option: "keyFile", cause },
    );
  }
}
