/**
 * `metadataServerCredentials()`: credentials of the metadata server of a Google Cloud runtime.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { METADATA_SERVER_CREDENTIALS_OPTION_NAMES } from "./_option_names.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { credentialsSettings } from "./_settings.ts";
import { metadataBaseUrls, metadataServerSource } from "./_sources/metadata_server.ts";
import { envDefault } from "./_sources/runtime.ts";
import type { Credentials, MetadataServerCredentialsOptions } from "./types.ts";

/**
 * Credentials of the metadata server (Compute Engine, Cloud Run, Cloud Functions, GKE): the
 * tokens of the service account attached to the workload, from the server at `GCE_METADATA_HOST`
 * (else `GCE_METADATA_ROOT`, else `GCE_METADATA_IP`), else at `169.254.169.254`. Without a probe
 * and without looking at any file, as `loadCredentials()` does with
 * `METADATA_SERVER_DETECTION=assume-present`: it asks the server for the project id (one request,
 * with the call options' retries), which also shows that the server is there. The universe and the
 * account's email are read when first asked for.
 *
 * Named by the type its credentials report, `metadata_server`, as `serviceAccountCredentials()`
 * makes `service_account` credentials. A bundle that imports it carries the metadata server's code
 * only: no key signer and no configuration parser.
 *
 * @param options The environment, injected effects (`fetch`, `now`), call options, scopes and the
 * refresh window; `signal` bounds this request only, not later token refreshes.
 * @returns The credentials.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for an option it does not take, a bad
 * `retry`, `timeoutMs` or `eagerRefreshSeconds`, or a bad `GCE_METADATA_*` variable;
 * `ERR_CREDENTIALS_URL_USERINFO` for a metadata host with a user name or password.
 * @throws {GoogleApiError} `ERR_METADATA_REQUEST_FAILED` when the server does not answer (off
 * Google Cloud, after the retry budget: bound it with `signal` or `retry`).
 *
 * @example With a fake metadata server
 * ```ts
 * import assert from "node:assert/strict";
 * import { metadataServerCredentials } from "../mod.ts";
 *
 * const credentials = await metadataServerCredentials({
 *   env: { GCE_METADATA_HOST: "metadata.test" },
 *   fetch: async (url, init) => {
 *     assert.equal(new Headers(init?.headers).get("metadata-flavor"), "Google");
 *     const path = new URL(String(url)).pathname;
 *     if (path.endsWith("/project/project-id")) return new Response("my-project");
 *     return Response.json({ access_token: "ya29.attached", expires_in: 3599 });
 *   },
 * });
 * assert.deepEqual([credentials.type, credentials.projectId], ["metadata_server", "my-project"]);
 * assert.equal((await credentials.getAccessToken()).token, "ya29.attached");
 * ```
 */
export async function metadataServerCredentials(
  options: MetadataServerCredentialsOptions = {},
): Promise<Credentials> {
  refuseUnknownOptions(
    options,
    METADATA_SERVER_CREDENTIALS_OPTION_NAMES,
    "metadataServerCredentials()",
  );
  options = ownCopy(options);
  // The signal bounds this request only: the credentials made here do not keep it.
  const { signal, env, ...rest } = options;
  const settings = credentialsSettings(rest);
  const [baseUrl] = metadataBaseUrls(env ?? envDefault());
  const call = signal === undefined ? settings.call : { ...settings.call, signal };
  return new CachedCredentials(
    await metadataServerSource({ baseUrl: baseUrl! }, false, call),
    settings,
  );
}
