// The metadata server of Google Cloud runtimes (Compute Engine, Cloud Run, Cloud Functions, GKE):
// the probe, project id, universe domain and default service account email (read when asked),
// access tokens and ID tokens (`format=full`), every call with `Metadata-Flavor: Google`.
import { bareEndpoint } from "../../../endpoint/mod.ts";
import { AuthError, CredentialsError, GoogleApiError } from "../../errors.ts";
import { httpRequest } from "../../_transport/google_request.ts";
import { requestJson, requestText, type TextResponse } from "../../_transport/http.ts";
import { jwtExpiry } from "../../_util/jwt_decode.ts";
import { expiresIn, expiring } from "../../_transport/response.ts";
import { CLOUD_PLATFORM_SCOPE, iamSignBlob } from "../../flows/iam_credentials.ts";
import { validateServiceAccount } from "../../flows/service_account_name.ts";
import { DEFAULT_UNIVERSE, endpointsOf } from "../../universe.ts";
import type { CallSettings } from "../../_transport/call_settings.ts";
import { DEFAULT_RETRY } from "../../_transport/retry.ts";
import type { Source } from "./source.ts";
import type { EnvLike } from "../types.ts";
import { quote } from "../../_util/quote.ts";
import { onAbort } from "../../_util/abort.ts";
import { invalidOption } from "../../_util/options.ts";
import { hasUserinfo } from "../../_util/url_userinfo.ts";
import { METADATA_REQUEST_HINT } from "../../_hints.ts";

/**
 * Where the metadata server is looked for when `GCE_METADATA_HOST` is not set, probed side by side
 * as gcp-metadata does: the link-local address (no DNS, but a black hole off Google Cloud) and the
 * fully qualified name (the trailing dot skips the resolver's search domains).
 */
export const DEFAULT_METADATA_BASE_URLS: readonly string[] = [
  "http://169.254.169.254",
  "http://metadata.google.internal.",
];

/** How long the probe waits for an answer before ADC gives up, unless GCE_METADATA_TIMEOUT says. */
const PROBE_TIMEOUT_MS = 1_000;
const ACCOUNT = "instance/service-accounts/default";
const PROJECT = "project/project-id";

/** The values of `METADATA_SERVER_DETECTION`, as gcp-metadata names them. */
const DETECTION = ["assume-present", "none", "bios-only", "ping-only"] as const;

/** How ADC looks for the metadata server: `METADATA_SERVER_DETECTION`, default a probe. */
export type MetadataDetection = "probe" | "assume-present" | "none";

/**
 * `METADATA_SERVER_DETECTION` (gcp-metadata's): `assume-present` and `none` skip the probe;
 * `ping-only`, `bios-only` (a BIOS check is not runtime-neutral) and unset probe. Unset, and
 * `NO_GCE_CHECK` is exactly `true`, as Python google-auth 2.48+ reads it (`True` and `1` are
 * not; google-auth-library does not read it): `none`.
 */
export function metadataDetection(env: EnvLike): MetadataDetection {
  const value = env.METADATA_SERVER_DETECTION?.trim().toLowerCase();
  if (!value) return env.NO_GCE_CHECK === "true" ? "none" : "probe";
  if (!(DETECTION as readonly string[]).includes(value)) {
    throw invalidOption(
      "env",
      `Cannot use METADATA_SERVER_DETECTION: expected one of ${
        DETECTION.join(", ")
      } or unset, got ${quote(value)}`,
    );
  }
  return value === "assume-present" || value === "none" ? value : "probe";
}

/**
 * The metadata server's address from the environment, as a base URL (`http://` added to a bare
 * `host:port`): `GCE_METADATA_HOST`, else `GCE_METADATA_ROOT` (Python google-auth's older name of
 * it), else `GCE_METADATA_IP` (where google-auth-library sends every call, and Python google-auth its
 * probe); `undefined` when none is set. A user name or password in it, in any spelling `new URL()`
 * reads, is `ERR_CREDENTIALS_URL_USERINFO`.
 */
function metadataBaseUrlOf(env: EnvLike): string | undefined {
  for (const name of ["GCE_METADATA_HOST", "GCE_METADATA_ROOT", "GCE_METADATA_IP"]) {
    // As a URL parser reads it: tabs and newlines dropped, and `http:` with any slashes (or none)
    // starts a URL, not a host named "http".
    const value = env[name]?.replace(/[\t\n\r]/g, "").trim();
    if (!value) continue;
    const url = /^https?:/i.test(value) ? value : `http://${value}`;
    if (hasUserinfo(url)) {
      // Not quoted: the password would be in the message, and the metadata server takes none.
      throw new CredentialsError(
        "ERR_CREDENTIALS_URL_USERINFO",
        `Cannot use ${name}: it holds a user name or password (user:password@ before the host); the metadata server takes none`,
        { option: "env" },
      );
    }
    return url.replace(/\/+$/, "");
  }
  return undefined;
}

/** The base URLs to probe: the environment's ({@linkcode metadataBaseUrlOf}), else the defaults. */
export function metadataBaseUrls(env: EnvLike): readonly string[] {
  const named = metadataBaseUrlOf(env);
  return named === undefined ? DEFAULT_METADATA_BASE_URLS : [named];
}

/**
 * How long the probe waits: `GCE_METADATA_TIMEOUT` seconds (Python google-auth's), else 1 s; a
 * value that is not a whole number of seconds from 1 is `ERR_OPTIONS_INVALID` naming it.
 */
export function metadataProbeTimeoutMs(env: EnvLike): number {
  const value = env.GCE_METADATA_TIMEOUT?.trim();
  if (!value) return PROBE_TIMEOUT_MS;
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seconds) || seconds < 1) {
    throw invalidOption(
      "env",
      `Cannot use GCE_METADATA_TIMEOUT: expected a whole number of seconds from 1, got ${
        quote(value)
      }`,
    );
  }
  return seconds * 1000;
}

/** The most probe attempts `GCE_METADATA_DETECT_RETRIES` may ask for: each waits up to its timeout. */
const MAX_DETECT_ATTEMPTS = 10;

/**
 * How many attempts the probe makes at each address: `GCE_METADATA_DETECT_RETRIES`, as Python
 * google-auth 2.48+ reads it (the attempts in all, each retried after a failed connection or a
 * timeout, 0 for none), else 1; a value that is not a whole number from 0 to 10 is
 * `ERR_OPTIONS_INVALID` naming it (Python falls back to 3).
 */
export function metadataDetectAttempts(env: EnvLike): number {
  const value = env.GCE_METADATA_DETECT_RETRIES?.trim();
  if (!value) return 1;
  const attempts = Number(value);
  if (!/^\d{1,2}$/.test(value) || attempts > MAX_DETECT_ATTEMPTS) {
    throw invalidOption(
      "env",
      `Cannot use GCE_METADATA_DETECT_RETRIES: expected a whole number of attempts from 0 to ${MAX_DETECT_ATTEMPTS}, got ${
        quote(value)
      }`,
    );
  }
  return attempts;
}

const ROUTE = "GET /computeMetadata/v1/{+path}{?audience,format,scopes}";

/** The GET of `path` (with `query`) from the metadata server at `baseUrl`, and its failure spec. */
function metadataGet(baseUrl: string, path: string, query?: Record<string, string>) {
  const request = httpRequest(bareEndpoint(ROUTE, {
    baseUrl,
    path,
    ...query,
    headers: { accept: "*/*", "metadata-flavor": "Google" },
  }));
  const spec = {
    message: `Failed to get ${path} from the metadata server at ${baseUrl}`,
    secrets: [],
    error: (text: string, details: object) =>
      new GoogleApiError("ERR_METADATA_REQUEST_FAILED", text, {
        ...details,
        defaultHint: METADATA_REQUEST_HINT,
      }),
  };
  return [request, spec] as const;
}

async function getText(
  baseUrl: string,
  path: string,
  call: CallSettings,
  query?: Record<string, string>,
): Promise<TextResponse> {
  const [request, spec] = metadataGet(baseUrl, path, query);
  return await requestText(request, call, spec);
}

/** What the probe learnt: the base URL that answered first, and its project id. */
export interface MetadataProbe {
  baseUrl: string;
  projectId?: string;
}

async function probeOne(baseUrl: string, call: CallSettings): Promise<MetadataProbe> {
  const response = await getText(baseUrl, PROJECT, call);
  if (response.headers.get("metadata-flavor") !== "Google") {
    throw new Error("the answer has no Metadata-Flavor: Google header");
  }
  return { baseUrl, projectId: response.text.trim() || undefined };
}

/**
 * Asks each of `baseUrls` for the project id, side by side, with `attempts` each (retried after a
 * failed connection, a timeout or a retryable status) of at most `probeTimeoutMs`; the first to
 * answer as the metadata server (`Metadata-Flavor: Google`) wins and the others are cancelled.
 * `undefined` when none does.
 */
export async function probeMetadataServer(
  baseUrls: readonly string[],
  call: CallSettings,
  probeTimeoutMs: number = PROBE_TIMEOUT_MS,
  attempts = 1,
): Promise<MetadataProbe | undefined> {
  const caller = call.signal;
  caller?.throwIfAborted();
  const timeoutMs = Math.min(call.timeoutMs ?? probeTimeoutMs, probeTimeoutMs);
  const race = new AbortController();
  const unfollow = onAbort(caller, () => race.abort(caller?.reason));
  const probeCall = {
    ...call,
    signal: race.signal,
    timeoutMs,
    // The budget lets every attempt wait its whole timeout and the longest backoff.
    retry: {
      ...DEFAULT_RETRY,
      attempts,
      budgetMs: attempts * (timeoutMs + DEFAULT_RETRY.maxDelayMs),
    },
  };
  try {
    return await Promise.any(baseUrls.map((baseUrl) => probeOne(baseUrl, probeCall)));
  } catch (error) {
    caller?.throwIfAborted();
    (error as AggregateError).errors.forEach((failure, index) => {
      call.log?.debug(`No metadata server at ${baseUrls[index]}: ${(failure as Error).message}`);
    });
    return undefined;
  } finally {
    race.abort();
    unfollow();
  }
}

async function optionalText(
  baseUrl: string,
  path: string,
  call: CallSettings,
): Promise<string | undefined> {
  try {
    const text = (await getText(baseUrl, path, call)).text.trim();
    return text || undefined;
  } catch (error) {
    if (error instanceof AuthError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The metadata server as a credential source. Loading asks nothing more than the probe did (the
 * project id, asked here only when no probe did: `METADATA_SERVER_DETECTION=assume-present`); the
 * universe and the account email are read when first asked for, as google-auth-library does.
 */
export async function metadataServerSource(
  probe: MetadataProbe,
  probed: boolean,
  call: CallSettings,
): Promise<Source> {
  const { baseUrl } = probe;
  const projectId = probed ? probe.projectId : await optionalText(baseUrl, PROJECT, call);
  return {
    type: "metadata_server",
    universeDomain: DEFAULT_UNIVERSE,
    projectId,
    async readUniverseDomain(call) {
      return await optionalText(baseUrl, "universe/universe-domain", call) ?? DEFAULT_UNIVERSE;
    },
    readServiceAccountEmail: (call) => optionalText(baseUrl, `${ACCOUNT}/email`, call),
    async accessToken(context) {
      // The default scope is the account's own: asked for without `scopes`.
      const scopes = context.scopes.join(",");
      const query: Record<string, string> = scopes === CLOUD_PLATFORM_SCOPE ? {} : { scopes };
      const [request, spec] = metadataGet(baseUrl, `${ACCOUNT}/token`, query);
      const response = await requestJson(request, context.call, {
        ...spec,
        field: "access_token",
      });
      return expiring(
        response.token,
        expiresIn(response.json, "expires_in", context.call.now),
      );
    },
    async idToken(audience, _includeEmail, context) {
      const query = { audience, format: "full" };
      const [request, spec] = metadataGet(baseUrl, `${ACCOUNT}/identity`, query);
      const token = (await requestText(request, context.call, spec)).text.trim();
      if (token === "") {
        throw spec.error(`${spec.message}: the response is empty`, { status: 200 });
      }
      return expiring(token, jwtExpiry(token));
    },
    // The account signs as itself with its own token, as Google's libraries do: it needs
    // iam.serviceAccounts.signBlob on itself.
    async sign(payload, context, ownToken, signer) {
      // The server's answers checked, as they go into a URL: the universe as a domain name, the
      // email as a service account.
      const { iamcredentials } = endpointsOf(signer.universeDomain);
      const target = {
        serviceAccount: validateServiceAccount(signer.serviceAccountEmail),
        delegates: [],
        baseUrl: iamcredentials,
        authToken: await ownToken(),
      };
      return (await iamSignBlob(target, payload, context.call)).signature;
    },
  };
}
