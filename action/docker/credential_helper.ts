/**
 * {@linkcode runCredentialHelper}: the Docker credential helper the step installs for
 * `docker_registries`, speaking Docker's credential-helper protocol (`docker-credential-helpers`):
 * the action is the first argument, its input comes on stdin and its answer goes to stdout.
 *
 * - `get`: stdin holds the registry (`us-docker.pkg.dev`, or a URL of it); the answer is
 *   `{"ServerURL":…,"Username":"oauth2accesstoken","Secret":<access token>}`, the token minted
 *   from the step's credentials file and cached until 5 minutes before it expires. A registry
 *   the step was not given gets Docker's `credentials not found in native keychain` (exit 1).
 * - `store`, `erase`: nothing is stored, so nothing to do (exit 0), as read-only helpers answer.
 * - `list`: the registries, each with the user name `get` gives.
 * - `version`: one line naming the helper.
 *
 * A failure is one line on stdout (Docker shows the helper's stdout as the error), without stack
 * or secret, and exit code 1.
 *
 * @module
 */

import { credentialsFromJson, type CredentialsToken, type FetchLike } from "../../auth/mod.ts";
import { RefusedReadError } from "../node/bounded_read.ts";
import { readCachedToken, writeCachedToken } from "./token_cache.ts";

/** The user name Google's registries take with an access token as the password. */
export const DOCKER_USERNAME = "oauth2accesstoken";

/** Docker's "not found" message, which it treats as "no credentials" rather than a failure. */
export const NOT_FOUND = "credentials not found in native keychain";

/** The helper's configuration file, written by the step next to the helper. */
export interface CredentialHelperConfig {
  /** The step's credentials file. */
  credentialsFile: string;
  /** The token cache file. */
  cacheFile: string;
  /** The registry hosts the helper answers for. */
  registries: string[];
}

/** What the helper needs from its process. */
export interface CredentialHelperOptions {
  /** Reads a file as text (in the helper, `readRegularFile`: bounded, never blocking). */
  readFile: (path: string) => string;
  /** The transport of token calls. */
  fetch: FetchLike<Response>;
  /** The clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** What the helper answers: stdout and the exit code. */
export interface CredentialHelperAnswer {
  stdout: string;
  code: number;
}

/** The host of what Docker sends for `get`: a host, `host:port`, or a URL of the registry. */
function registryHost(serverUrl: string): string {
  const text = serverUrl.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  return text.split("/")[0] ?? "";
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function failure(message: string): CredentialHelperAnswer {
  return { stdout: `${oneLine(message)}\n`, code: 1 };
}

function readConfig(path: string, options: CredentialHelperOptions): CredentialHelperConfig {
  const config = JSON.parse(options.readFile(path)) as Partial<CredentialHelperConfig>;
  if (
    typeof config.credentialsFile !== "string" || typeof config.cacheFile !== "string" ||
    !Array.isArray(config.registries)
  ) {
    throw new Error(`${path} is not this helper's configuration`);
  }
  return config as CredentialHelperConfig;
}

async function accessToken(
  config: CredentialHelperConfig,
  options: CredentialHelperOptions,
): Promise<CredentialsToken> {
  const now = options.now ?? Date.now;
  const cached = readCachedToken(config.cacheFile, now());
  if (cached !== undefined) return cached;
  let json: string;
  try {
    json = options.readFile(config.credentialsFile);
  } catch (error) {
    if (error instanceof RefusedReadError) throw new Error(`the credentials file ${error.message}`);
    const code = (error as { code?: string }).code ?? "unreadable";
    throw new Error(
      `the credentials file ${
        JSON.stringify(config.credentialsFile)
      } cannot be read (${code}); the step's post phase removes it when the job ends`,
    );
  }
  const credentials = credentialsFromJson(json, { fetch: options.fetch, now });
  const token = await credentials.getAccessToken();
  writeCachedToken(config.cacheFile, token);
  return token;
}

/**
 * Runs one helper call.
 *
 * @param args The helper's arguments after the script: its configuration file, then the action.
 * @param stdin What Docker wrote on stdin.
 * @param options File reads, transport and clock.
 * @returns What to write on stdout, and the exit code.
 *
 * @example Registries it was not given, and the calls that store nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCredentialHelper } from "./credential_helper.ts";
 *
 * const options = {
 *   readFile: () =>
 *     JSON.stringify({ credentialsFile: "/c.json", cacheFile: "/t.json", registries: ["gcr.io"] }),
 *   fetch: () => Promise.reject(new Error("no call expected")),
 * };
 * assert.deepEqual(await runCredentialHelper(["/cfg.json", "get"], "ghcr.io\n", options), {
 *   stdout: "credentials not found in native keychain\n",
 *   code: 1,
 * });
 * assert.equal((await runCredentialHelper(["/cfg.json", "store"], "{}", options)).code, 0);
 * assert.equal(
 *   (await runCredentialHelper(["/cfg.json", "list"], "", options)).stdout,
 *   '{"gcr.io":"oauth2accesstoken"}\n',
 * );
 * ```
 */
export async function runCredentialHelper(
  args: readonly string[],
  stdin: string,
  options: CredentialHelperOptions,
): Promise<CredentialHelperAnswer> {
  const [configPath, action] = args;
  if (action === "store" || action === "erase") return { stdout: "", code: 0 };
  if (action === "version") return { stdout: "gcp-oidc docker credential helper\n", code: 0 };
  if (configPath === undefined || (action !== "get" && action !== "list")) {
    return failure(
      `gcp-oidc docker credential helper: unknown action ${
        JSON.stringify(action ?? "")
      }; expected get, store, erase, list or version`,
    );
  }
  let config: CredentialHelperConfig;
  try {
    config = readConfig(configPath, options);
  } catch (error) {
    return failure(
      `gcp-oidc docker credential helper: cannot read its configuration (${
        error instanceof Error ? error.message : String(error)
      }); the step's post phase removes the helper when the job ends`,
    );
  }
  if (action === "list") {
    const list = Object.fromEntries(config.registries.map((host) => [host, DOCKER_USERNAME]));
    return { stdout: `${JSON.stringify(list)}\n`, code: 0 };
  }
  const host = registryHost(stdin);
  if (!config.registries.includes(host)) return failure(NOT_FOUND);
  try {
    const { token } = await accessToken(config, options);
    const answer = { ServerURL: stdin.trim(), Username: DOCKER_USERNAME, Secret: token };
    return { stdout: `${JSON.stringify(answer)}\n`, code: 0 };
  } catch (error) {
    const coded = error as { code?: unknown; message?: unknown };
    const code = typeof coded.code === "string" && coded.code.startsWith("ERR_")
      ? `${coded.code}: `
      : "";
    return failure(
      `gcp-oidc: cannot get an access token for ${host}: ${code}${
        typeof coded.message === "string" ? coded.message : String(error)
      }`,
    );
  }
}
