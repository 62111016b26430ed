/**
 * `loadCredentials()`: Application Default Credentials in any runtime.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { ADC_HINTS, WELL_KNOWN_UNREADABLE_HINT } from "../_hints.ts";
import { ownCopy } from "../_util/own.ts";
import { refuseUnknownOptions } from "../_util/options.ts";
import { LOAD_CREDENTIALS_OPTION_NAMES } from "./_option_names.ts";
import { quote } from "../_util/quote.ts";
import { CachedCredentials } from "./_cache/cached_credentials.ts";
import { withTokenStore } from "./_cache/shared_token.ts";
import { credentialsSettings, externalAccountSettings } from "./_settings.ts";
import {
  metadataBaseUrls,
  metadataDetectAttempts,
  metadataDetection,
  metadataProbeTimeoutMs,
  metadataServerSource,
  probeMetadataServer,
} from "./_sources/metadata_server.ts";
import {
  isEnvDenied,
  isNotFound,
  isNotPermitted,
  isWindows,
  readFailure,
  readFileBounded,
} from "./_sources/runtime.ts";
import type { Source } from "./_sources/source.ts";
import { sourceFromJson } from "./credentials_from_json.ts";
import type { Credentials, EnvLike, LoadCredentialsOptions, ReadFileLike } from "./types.ts";

const ADC_FILE = "application_default_credentials.json";
const GAC = "GOOGLE_APPLICATION_CREDENTIALS";
const METADATA = "the metadata server";
/** Why a variable reads as unset when the runtime refused to read it. */
const ENV_DENIED =
  "not readable: no permission to read the environment, such as Deno's --allow-env";

/** gcloud's well-known ADC file for `env`, or undefined when no config directory is known. */
function wellKnownFile(env: EnvLike): string | undefined {
  const windows = isWindows();
  const separator = windows ? "\\" : "/";
  const config = env.CLOUDSDK_CONFIG?.trim();
  if (config) return `${config}${separator}${ADC_FILE}`;
  if (windows) {
    const appData = env.APPDATA?.trim();
    return appData ? `${appData}\\gcloud\\${ADC_FILE}` : undefined;
  }
  const home = env.HOME?.trim();
  return home ? `${home}/.config/gcloud/${ADC_FILE}` : undefined;
}

const WELL_KNOWN = "gcloud's application default credentials";

/** A credentials file in messages: `credentials file "<path>"`. */
function credentialsFile(path: string): string {
  return `credentials file ${quote(path)}`;
}

/**
 * The text of a credentials file, or why gcloud's well-known file (the one read with a `hint`) is
 * not available: missing, or a file the runtime may not read (ADC then goes on to the metadata
 * server). Any other failure, and any failure of the file named by GOOGLE_APPLICATION_CREDENTIALS,
 * is an error.
 */
async function readCredentialsFile(
  readFile: ReadFileLike,
  signal: AbortSignal | undefined,
  path: string,
  why: string,
  hint?: string,
): Promise<{ text: string } | { unavailable: string }> {
  try {
    return { text: await readFileBounded(readFile, path, signal) };
  } catch (cause) {
    if (signal?.aborted && cause === signal.reason) throw cause;
    if (hint !== undefined && isNotFound(cause)) return { unavailable: "not found" };
    if (hint !== undefined && isNotPermitted(cause)) {
      return { unavailable: `not readable: ${readFailure(cause)}` };
    }
    throw new CredentialsError(
      "ERR_CREDENTIALS_UNREADABLE",
      `Cannot read the ${credentialsFile(path)} (${why}): ${readFailure(cause)}`,
      { option: "credentials", cause, hint: hint ?? ADC_HINTS.ERR_CREDENTIALS_UNREADABLE },
    );
  }
}

/**
 * Application Default Credentials: the first of
 * 1. `options.credentials` (JSON text or object);
 * 2. the file named by `GOOGLE_APPLICATION_CREDENTIALS` (such as the file the workflow step
 *    writes, in a later step);
 * 3. gcloud's well-known file: `$CLOUDSDK_CONFIG/application_default_credentials.json`, else
 *    `$HOME/.config/gcloud/application_default_credentials.json` (`%APPDATA%\gcloud\...` on
 *    Windows); one the runtime may not read (`EACCES`, `EPERM`, Deno without `--allow-read`) is
 *    skipped like a missing one;
 * 4. the metadata server at `GCE_METADATA_HOST` (else `GCE_METADATA_ROOT`, else
 *    `GCE_METADATA_IP`), else at `169.254.169.254` and `metadata.google.internal.` side by side (the
 *    first to answer is used), probed with `Metadata-Flavor: Google` and one attempt of at most 1 s
 *    (`GCE_METADATA_DETECT_RETRIES` attempts of `GCE_METADATA_TIMEOUT` seconds when set);
 *    `METADATA_SERVER_DETECTION=none` (or, unset, `NO_GCE_CHECK=true`) skips it, `assume-present`
 *    uses it without a probe.
 *
 * The environment and files are read through `options.env` and `options.readFile`, which default
 * to the runtime's through `globalThis` (Deno, Node, Bun); a Worker passes its own. `projectId`
 * is `GOOGLE_CLOUD_PROJECT` (or `GCLOUD_PROJECT`) when set, else what the credentials name;
 * `GOOGLE_CLOUD_QUOTA_PROJECT` replaces the quota project of credentials found in 2-4.
 *
 * @param options The credentials, the environment, `readFile`, and the options of
 * {@linkcode credentialsFromJson}.
 * @returns The credentials; tokens are minted on first use.
 * @throws {CredentialsError} `ERR_CREDENTIALS_NOT_FOUND` listing what was tried;
 * `ERR_CREDENTIALS_UNREADABLE` when a named file cannot be read; the parse errors of
 * {@linkcode credentialsFromJson}, `ERR_CREDENTIALS_TYPE_NOT_ALLOWED` among them for a file of a
 * type `allowedTypes` does not list (the metadata server, unlisted, is not asked).
 *
 * @example The file named by GOOGLE_APPLICATION_CREDENTIALS, with an injected reader
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCredentials } from "./load_credentials.ts";
 *
 * const files: Record<string, string> = {
 *   "/creds/user.json": JSON.stringify({
 *     type: "authorized_user",
 *     client_id: "123.apps.googleusercontent.com",
 *     client_secret: "client-secret",
 *     refresh_token: "1//refresh-token",
 *   }),
 * };
 * const credentials = await loadCredentials({
 *   env: { GOOGLE_APPLICATION_CREDENTIALS: "/creds/user.json", GOOGLE_CLOUD_PROJECT: "my-project" },
 *   readFile: async (path) => files[path] ?? Promise.reject(new Error("ENOENT")),
 *   fetch: async () => Response.json({ access_token: "ya29.user", expires_in: 3599 }),
 * });
 * assert.equal(credentials.type, "authorized_user");
 * assert.equal(credentials.projectId, "my-project");
 * assert.equal((await credentials.getAccessToken()).token, "ya29.user");
 * ```
 *
 * @example Nothing found
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCredentials } from "./load_credentials.ts";
 *
 * await assert.rejects(
 *   loadCredentials({
 *     env: {},
 *     fetch: () => Promise.reject(new TypeError("no route to host")),
 *   }),
 *   { code: "ERR_CREDENTIALS_NOT_FOUND", message: /GOOGLE_APPLICATION_CREDENTIALS.*metadata server/ },
 * );
 * ```
 */
export async function loadCredentials(options: LoadCredentialsOptions = {}): Promise<Credentials> {
  refuseUnknownOptions(options, LOAD_CREDENTIALS_OPTION_NAMES, "loadCredentials()");
  options = ownCopy(options);
  // The signal bounds loading only: the credentials made here do not keep it.
  const { credentials, signal, ...rest } = options;
  const external = externalAccountSettings(rest);
  const { env, readFile } = external;
  const settings = withTokenStore(credentialsSettings(rest), options.tokenStore);
  const projectId = env.GOOGLE_CLOUD_PROJECT?.trim() || env.GCLOUD_PROJECT?.trim() || undefined;
  // GOOGLE_CLOUD_QUOTA_PROJECT bills found credentials to another project, as both Google
  // libraries do; credentials passed in are used as they are (as google-auth-library does).
  const quotaProjectId = env.GOOGLE_CLOUD_QUOTA_PROJECT?.trim() || undefined;
  const make = (source: Source, from: string, found = true): Credentials => {
    options.log?.debug(`Application Default Credentials: ${source.type} from ${from}`);
    const billed = found && quotaProjectId !== undefined ? { ...source, quotaProjectId } : source;
    return new CachedCredentials(billed, settings, projectId);
  };
  if (credentials !== undefined) {
    const from = "the credentials option";
    return make(sourceFromJson(credentials, from, external), from, false);
  }
  const tried: string[] = [];
  const explicit = env[GAC]?.trim();
  if (explicit) {
    const read = await readCredentialsFile(readFile, signal, explicit, GAC) as { text: string };
    const from = `${credentialsFile(explicit)} (${GAC})`;
    return make(sourceFromJson(read.text, from, external), from);
  }
  tried.push(`${GAC} (${isEnvDenied(env, GAC) ? ENV_DENIED : "not set"})`);
  const wellKnown = wellKnownFile(env);
  if (wellKnown === undefined) {
    const denied = ["CLOUDSDK_CONFIG", "HOME", "APPDATA"].some((name) => isEnvDenied(env, name));
    tried.push(`${WELL_KNOWN} (${denied ? ENV_DENIED : "no CLOUDSDK_CONFIG, HOME or APPDATA"})`);
  } else {
    const read = await readCredentialsFile(
      readFile,
      signal,
      wellKnown,
      WELL_KNOWN,
      WELL_KNOWN_UNREADABLE_HINT,
    );
    const from = credentialsFile(wellKnown);
    if ("text" in read) return make(sourceFromJson(read.text, from, external), from);
    tried.push(`${wellKnown} (${read.unavailable})`);
  }
  const call = signal === undefined ? settings.call : { ...settings.call, signal };
  const detection = metadataDetection(env);
  const baseUrls = metadataBaseUrls(env);
  const attempts = detection === "probe" ? metadataDetectAttempts(env) : 1;
  const { allowedTypes } = external;
  if (allowedTypes !== undefined && !allowedTypes.includes("metadata_server")) {
    tried.push(`${METADATA} (not in the allowedTypes option)`);
  } else if (detection === "none") {
    const by = env.METADATA_SERVER_DETECTION?.trim()
      ? "METADATA_SERVER_DETECTION=none"
      : "NO_GCE_CHECK";
    tried.push(`${METADATA} (${by})`);
  } else if (attempts === 0) {
    tried.push(`${METADATA} (GCE_METADATA_DETECT_RETRIES=0)`);
  } else {
    const probe = detection === "assume-present"
      ? { baseUrl: baseUrls[0]! }
      : await probeMetadataServer(baseUrls, call, metadataProbeTimeoutMs(env), attempts);
    if (probe !== undefined) {
      const from = `${METADATA} at ${probe.baseUrl}`;
      return make(await metadataServerSource(probe, detection === "probe", call), from);
    }
    tried.push(`${METADATA} at ${baseUrls.join(" and ")} (no answer)`);
  }
  throw new CredentialsError(
    "ERR_CREDENTIALS_NOT_FOUND",
    `Could not find Google Cloud credentials; tried ${tried.join(", ")}`,
    { option: "credentials", hint: ADC_HINTS.ERR_CREDENTIALS_NOT_FOUND },
  );
}
