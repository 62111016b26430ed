// The metadata server of Google Cloud runtimes (Compute Engine, Cloud Run, Cloud Functions, GKE):
// the probe, project id, universe domain, default service account email, access tokens and ID
// tokens (`format=full`), every call with `Metadata-Flavor: Google`.
import { endpoint } from "../../endpoint/mod.ts";
import { AuthError, GoogleApiError } from "../errors.ts";
import { _httpRequest } from "../_google_request.ts";
import { _requestJson, _requestText, type _TextResponse } from "../_http.ts";
import { _jwtExpiry } from "../_jwt_decode.ts";
import { _expiresIn } from "../_response.ts";
import { CLOUD_PLATFORM_SCOPE } from "../iam_credentials.ts";
import { DEFAULT_UNIVERSE } from "../universe.ts";
import type { CallOptions } from "../types.ts";
import type { _Source } from "./_source.ts";
import type { EnvLike } from "./types.ts";

/** The metadata server's host when `GCE_METADATA_HOST` is not set. */
export const _DEFAULT_METADATA_HOST = "metadata.google.internal";

/** How long the probe waits for an answer before ADC gives up on the metadata server. */
const PROBE_TIMEOUT_MS = 1_000;
const ACCOUNT = "instance/service-accounts/default";

/** The metadata server's base URL: `http://<GCE_METADATA_HOST or metadata.google.internal>`. */
export function _metadataBaseUrl(env: EnvLike): string {
  const host = env.GCE_METADATA_HOST?.trim() || _DEFAULT_METADATA_HOST;
  return `http://${host}`;
}

interface _MetadataGet {
  baseUrl: string;
  path: string;
  query?: Record<string, string>;
  call: CallOptions;
}

function _request(get: _MetadataGet) {
  return _httpRequest(endpoint("GET /computeMetadata/v1/{+path}{?audience,format,scopes}", {
    baseUrl: get.baseUrl,
    path: get.path,
    ...get.query,
    headers: { accept: "*/*", "metadata-flavor": "Google" },
  }));
}

function _spec(get: _MetadataGet) {
  return {
    message: `Failed to get ${get.path} from the metadata server at ${get.baseUrl}`,
    secrets: [],
    error: (text: string, details: object) =>
      new GoogleApiError("ERR_METADATA_REQUEST_FAILED", text, details),
  };
}

async function _getText(get: _MetadataGet): Promise<_TextResponse> {
  return await _requestText(_request(get), get.call, _spec(get));
}

/** What the probe learnt: the server answers, and its project id. */
export interface _MetadataProbe {
  projectId?: string;
}

/**
 * Asks the metadata server for the project id with one short attempt; `undefined` when nothing
 * answers as the metadata server (`Metadata-Flavor: Google` in the response).
 */
export async function _probeMetadataServer(
  baseUrl: string,
  call: CallOptions,
): Promise<_MetadataProbe | undefined> {
  const timeoutMs = Math.min(call.timeoutMs ?? PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS);
  let response: _TextResponse;
  try {
    response = await _getText({
      baseUrl,
      path: "project/project-id",
      call: { ...call, timeoutMs, retry: { attempts: 1 } },
    });
  } catch (error) {
    call.signal?.throwIfAborted();
    call.log?.debug(`No metadata server at ${baseUrl}: ${(error as Error).message}`);
    return undefined;
  }
  if (response.headers.get("metadata-flavor") !== "Google") return undefined;
  const projectId = response.text.trim();
  return projectId === "" ? {} : { projectId };
}

async function _optionalText(get: _MetadataGet): Promise<string | undefined> {
  try {
    const text = (await _getText(get)).text.trim();
    return text === "" ? undefined : text;
  } catch (error) {
    if (error instanceof AuthError && error.status === 404) return undefined;
    throw error;
  }
}

/** The metadata server as a credential source; asks for the universe and the account email. */
export async function _metadataServerSource(
  baseUrl: string,
  call: CallOptions,
): Promise<_Source> {
  const [universe, email] = await Promise.all([
    _optionalText({ baseUrl, path: "universe/universe-domain", call }),
    _optionalText({ baseUrl, path: `${ACCOUNT}/email`, call }),
  ]);
  return {
    type: "metadata_server",
    universeDomain: universe ?? DEFAULT_UNIVERSE,
    ...(email === undefined ? {} : { serviceAccountEmail: email }),
    async accessToken(context) {
      const scopes: Record<string, string> =
        context.scopes.length === 1 && context.scopes[0] === CLOUD_PLATFORM_SCOPE
          ? {}
          : { scopes: context.scopes.join(",") };
      const get = { baseUrl, path: `${ACCOUNT}/token`, query: scopes, call: context.call };
      const response = await _requestJson(_request(get), context.call, {
        ..._spec(get),
        field: "access_token",
      });
      const expiresAt = _expiresIn(response.json, "expires_in", context.call.now);
      return expiresAt === undefined
        ? { token: response.token }
        : { token: response.token, expiresAt };
    },
    async idToken(audience, _includeEmail, context) {
      const get = {
        baseUrl,
        path: `${ACCOUNT}/identity`,
        query: { audience, format: "full" },
        call: context.call,
      };
      const token = (await _getText(get)).text.trim();
      if (token === "") {
        throw new GoogleApiError(
          "ERR_METADATA_REQUEST_FAILED",
          `${_spec(get).message}: the response is empty`,
          { status: 200 },
        );
      }
      const expiresAt = _jwtExpiry(token);
      return expiresAt === undefined ? { token } : { token, expiresAt };
    },
  };
}
