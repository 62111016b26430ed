// Describes one Google REST call with bareEndpoint() and serializes it for the transport (http.ts).
import { bareEndpoint } from "../../endpoint/mod.ts";
import type { RequestOptions, RequestParameters } from "../../endpoint/mod.ts";
import type { HttpRequest } from "./http.ts";

/**
 * Builds the request of one Google call: `route` (such as `POST /token`) at `baseUrl` with
 * `params` (URL placeholders and JSON body keys, or `data` for a raw body), JSON accept, the
 * package user-agent, `X-Goog-Request-Reason` when `requestReason` is set, extra `headers`, and
 * `Authorization: Bearer` when the call has a `bearer` token; the body serialized.
 */
export function googleRequest(
  route: string,
  baseUrl: string,
  params: RequestParameters,
  requestReason: string | undefined,
  headers: Record<string, string> = {},
  bearer?: string,
): HttpRequest {
  const all: Record<string, string> = { accept: "application/json", ...headers };
  if (requestReason) all["x-goog-request-reason"] = requestReason;
  if (bearer !== undefined) all.authorization = `Bearer ${bearer}`;
  return httpRequest(bareEndpoint(route, { ...params, baseUrl, headers: all }));
}

/** Turns `bareEndpoint()` output (string headers already) into a fetch-ready request: serialized body. */
export function httpRequest(options: RequestOptions): HttpRequest {
  const request: HttpRequest = {
    method: options.method,
    url: options.url,
    headers: options.headers,
  };
  if (options.body !== undefined) {
    request.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return request;
}
