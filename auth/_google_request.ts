// Describes one Google REST call with endpoint() and serializes it for _http.ts.
import { _bareEndpoint as endpoint } from "../endpoint/_bare_endpoint.ts";
import type { RequestOptions, RequestParameters } from "../endpoint/mod.ts";
import type { _HttpRequest } from "./_http.ts";
import { _withoutPrototype } from "./_own.ts";

/** What varies between Google calls. */
export interface _GoogleCall {
  /** Base URL of the service, such as `https://sts.googleapis.com/v1`. */
  baseUrl: string;
  /** The route, such as `POST /token`. */
  route: string;
  /** URL placeholders and JSON body keys; or `data` for a raw body. */
  params: RequestParameters;
  /** Bearer token for `Authorization`, when the call needs one. */
  bearer?: string;
  /** Extra headers, such as a form `content-type`. */
  headers?: Record<string, string>;
  /** `X-Goog-Request-Reason`, when set. */
  requestReason?: string;
}

/** Builds the request: JSON accept, package user-agent, reason and bearer headers, body serialized. */
export function _googleRequest(call: _GoogleCall): _HttpRequest {
  call = _withoutPrototype(call);
  const headers: Record<string, string> = { accept: "application/json", ...call.headers };
  if (call.requestReason !== undefined && call.requestReason !== "") {
    headers["x-goog-request-reason"] = call.requestReason;
  }
  if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
  return _httpRequest(endpoint(call.route, { ...call.params, baseUrl: call.baseUrl, headers }));
}

/** Turns `endpoint()` output (string headers already) into a fetch-ready request: serialized body. */
export function _httpRequest(options: RequestOptions): _HttpRequest {
  const request: _HttpRequest = {
    method: options.method,
    url: options.url,
    headers: options.headers,
  };
  if (options.body !== undefined) {
    request.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return request;
}
