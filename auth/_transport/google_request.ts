// Describes one Google REST call with bareEndpoint() and serializes it for the transport (http.ts);
// a form POST to a whole URL needs no route template, and is built without one.
import { bareEndpoint, USER_AGENT } from "../../endpoint/mod.ts";
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
  const all = googleHeaders(requestReason, headers);
  if (bearer !== undefined) all.authorization = `Bearer ${bearer}`;
  return httpRequest(bareEndpoint(route, { ...params, baseUrl, headers: all }));
}

/** JSON accept, `X-Goog-Request-Reason` when `requestReason` is set, and `headers`. */
function googleHeaders(
  requestReason: string | undefined,
  headers: Record<string, string>,
): Record<string, string> {
  const all: Record<string, string> = { accept: "application/json", ...headers };
  if (requestReason) all["x-goog-request-reason"] = requestReason;
  return all;
}

/**
 * A form POST of `form` to the whole `url` (an OAuth 2.0 token endpoint), with the headers
 * {@linkcode googleRequest} sends (`headers` such as a client's HTTP Basic authorization among
 * them) and the package user-agent, as `bareEndpoint()` would build it from `POST {+url}`, without
 * the route template machinery a bundle of a key's credentials has no other use for. The URL is
 * sent as given: each caller takes it from a checked field or a base URL.
 */
export function formRequest(
  url: string,
  form: string,
  requestReason: string | undefined,
  headers: Record<string, string> = {},
): HttpRequest {
  const all = googleHeaders(requestReason, {
    "content-type": "application/x-www-form-urlencoded",
    ...headers,
  });
  // Lowercase names, as bareEndpoint() gives them.
  const lower: Record<string, string> = { "user-agent": USER_AGENT };
  for (const [name, value] of Object.entries(all)) lower[name.toLowerCase()] = value;
  return { method: "POST", url, headers: lower, body: form };
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
