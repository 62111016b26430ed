/**
 * {@linkcode toAuthClient}: credentials in the shape of google-auth-library's `AuthClient`, for
 * the SDKs that take one (`@anthropic-ai/vertex-sdk`'s `authClient`, `@google/genai`'s and
 * `@ai-sdk/google-vertex`'s `googleAuthOptions: { authClient }`).
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { HINTS } from "../_hints.ts";
import { invalidOption } from "../_util/options.ts";
import type { Credentials } from "./types.ts";

/**
 * The part of google-auth-library's `AuthClient` that SDKs built on it call: request headers as a
 * `Headers`, an access token as `{ token }`, the project, quota project and universe.
 */
export interface AuthClient {
  /** The project of the credentials, or `null` when they name none (google-auth-library's value). */
  readonly projectId: string | null;
  /** The project billed for quota, sent as `x-goog-user-project`. */
  readonly quotaProjectId: string | undefined;
  /**
   * The universe domain as known (`Credentials.universeDomain`): for the metadata server
   * `googleapis.com` until {@linkcode AuthClient.getUniverseDomain} has read the server's, as
   * google-auth-library's clients give it.
   */
  readonly universeDomain: string;
  /**
   * `authorization: Bearer <access token>`, plus `x-goog-user-project` with a quota project. The
   * URL is accepted for google-auth-library's signature; the headers are the same for every URL.
   */
  getRequestHeaders(url?: string | URL): Promise<Headers>;
  /** A cached access token, as google-auth-library gives it (`res` is always `null`). */
  getAccessToken(): Promise<{ token: string; res: null }>;
  /** The project id; rejects with `ERR_CREDENTIALS_FIELD_MISSING` when the credentials name none. */
  getProjectId(): Promise<string>;
  /** The universe domain (`Credentials.getUniverseDomain()`: the metadata server's is read once). */
  getUniverseDomain(): Promise<string>;
  /** `fetch` with the request headers added, as `Credentials.fetch` does. */
  fetch(input: Request | URL | string, init?: RequestInit): Promise<Response>;
}

/**
 * Wraps `credentials` as an {@linkcode AuthClient}, which SDKs built on google-auth-library accept
 * in place of theirs. Tokens are the credentials' own (one cache, shared with every other use of
 * `credentials`); the properties follow the credentials.
 *
 * @param credentials From `loadCredentials()` or `credentialsFromJson()`.
 * @returns An object with the `AuthClient` calls these SDKs make.
 *
 * @example With @anthropic-ai/vertex-sdk (`new AnthropicVertex({ authClient, region })`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, toAuthClient } from "../mod.ts";
 *
 * const credentials = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "id",
 *   client_secret: "s",
 *   refresh_token: "r",
 *   quota_project_id: "billing",
 * }, { fetch: async () => Response.json({ access_token: "ya29.t", expires_in: 3600 }) });
 * const authClient = toAuthClient(credentials);
 * const headers = await authClient.getRequestHeaders("https://aiplatform.googleapis.com/v1");
 * assert.equal(headers.get("authorization"), "Bearer ya29.t");
 * assert.equal(headers.get("x-goog-user-project"), "billing");
 * assert.deepEqual(await authClient.getAccessToken(), { token: "ya29.t", res: null });
 * assert.equal(authClient.projectId, null);
 * ```
 */
export function toAuthClient(credentials: Credentials): AuthClient {
  if (typeof credentials?.getRequestHeaders !== "function") {
    throw invalidOption(
      "credentials",
      "Cannot make an AuthClient: pass the credentials loadCredentials() or credentialsFromJson() gave",
    );
  }
  return {
    get projectId() {
      return credentials.projectId ?? null;
    },
    get quotaProjectId() {
      return credentials.quotaProjectId;
    },
    get universeDomain() {
      return credentials.universeDomain;
    },
    async getRequestHeaders() {
      return new Headers(await credentials.getRequestHeaders());
    },
    async getAccessToken() {
      return { token: (await credentials.getAccessToken()).token, res: null };
    },
    getProjectId() {
      const { projectId } = credentials;
      if (projectId !== undefined) return Promise.resolve(projectId);
      return Promise.reject(
        new CredentialsError(
          "ERR_CREDENTIALS_FIELD_MISSING",
          `Cannot get the project id: the ${credentials.type} credentials name no project`,
          { option: "projectId", hint: HINTS.projectId },
        ),
      );
    },
    getUniverseDomain() {
      return credentials.getUniverseDomain();
    },
    fetch(input, init) {
      return credentials.fetch(input, init);
    },
  };
}
