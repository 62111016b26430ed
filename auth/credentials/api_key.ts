/**
 * `credentialsFromApiKey()`: an API key in the shape of credentials, for the Google APIs that take
 * one (`x-goog-api-key`), as google-auth-library's `fromAPIKey()` and Python google-auth's
 * `api_key.Credentials` give it.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { API_KEY_HINTS } from "../_hints.ts";
import { ownCopy } from "../_util/own.ts";
import { type OptionNameSet, refuseUnknownOptions } from "../_util/options.ts";
import { DEFAULT_UNIVERSE } from "../universe.ts";
import { fetchWithOriginHeader } from "./_origin_header_fetch.ts";
import type { Credentials, CredentialsOptions, CredentialsToken } from "./types.ts";

/** Options of {@linkcode credentialsFromApiKey}. */
export type ApiKeyOptions = Pick<CredentialsOptions, "fetch">;

const API_KEY_OPTION_NAMES: OptionNameSet<ApiKeyOptions> = { fetch: "function" };

const HEADER = "x-goog-api-key";

function noToken(what: string): Promise<never> {
  return Promise.reject(
    new CredentialsError(
      "ERR_API_KEY_NO_TOKEN",
      `Cannot get ${what}: an API key is sent as it is (x-goog-api-key) and gives no tokens`,
      { hint: API_KEY_HINTS.ERR_API_KEY_NO_TOKEN },
    ),
  );
}

/**
 * Credentials that send an API key: `getRequestHeaders()` gives `{ "x-goog-api-key": key }` and
 * `fetch()` adds it, with no token request. An API key is no identity, so `getAccessToken()` and
 * `getIdToken()` reject with `ERR_API_KEY_NO_TOKEN`, and `sign()` and `getServiceAccountEmail()`
 * with `ERR_SIGN_NO_SERVICE_ACCOUNT`. The key never appears in an error.
 *
 * @param apiKey The key, as the Cloud console shows it.
 * @param options The `fetch` that `fetch()` uses; default `globalThis.fetch`.
 * @returns Credentials of type `api_key`.
 * @throws {CredentialsError} `ERR_API_KEY_INVALID` for a key that is not one word of printable
 * ASCII (empty, spaces, a line break: it could not go into a header as it is).
 *
 * @example Request headers, and no token
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromApiKey } from "../mod.ts";
 *
 * const credentials = credentialsFromApiKey("AIzaSyExampleKey");
 * assert.deepEqual(await credentials.getRequestHeaders(), { "x-goog-api-key": "AIzaSyExampleKey" });
 * await assert.rejects(credentials.getAccessToken(), { code: "ERR_API_KEY_NO_TOKEN" });
 * ```
 */
export function credentialsFromApiKey(apiKey: string, options: ApiKeyOptions = {}): Credentials {
  refuseUnknownOptions(options, API_KEY_OPTION_NAMES, "credentialsFromApiKey()");
  const { fetch: fetchOption } = ownCopy(options);
  if (typeof apiKey !== "string" || !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new CredentialsError(
      "ERR_API_KEY_INVALID",
      `Cannot use the API key: it must be one word of printable ASCII (no space or line break), got ${
        typeof apiKey === "string" ? `a string of ${apiKey.length} characters` : typeof apiKey
      }`,
      { option: "apiKey", hint: API_KEY_HINTS.ERR_API_KEY_INVALID },
    );
  }
  const noServiceAccount = () =>
    Promise.reject(
      new CredentialsError(
        "ERR_SIGN_NO_SERVICE_ACCOUNT",
        "Cannot sign: api_key credentials act as no service account",
      ),
    );
  return {
    type: "api_key",
    universeDomain: DEFAULT_UNIVERSE,
    getAccessToken: (): Promise<CredentialsToken> => noToken("an access token"),
    getIdToken: (): Promise<CredentialsToken> => noToken("an ID token"),
    getRequestHeaders: () => Promise.resolve({ [HEADER]: apiKey }),
    fetch(input, init) {
      // The key goes to the request's origin only, redirects included.
      return fetchWithOriginHeader(
        fetchOption ?? globalThis.fetch,
        new Request(input, init),
        HEADER,
        apiKey,
      );
    },
    sign: noServiceAccount,
    getServiceAccountEmail: noServiceAccount,
    getUniverseDomain: () => Promise.resolve(DEFAULT_UNIVERSE),
  };
}
