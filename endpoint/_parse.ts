// parse(): merged options to request options. Stateless and pure.
import { describeType } from "./_describe.ts";
import { acceptWithMediaType } from "./_media_type.ts";
import { addQueryParameters } from "./_query.ts";
import { isReservedOption, routeTemplate } from "./_route_template.ts";
import type { EndpointDefaults, RequestOptions } from "./types.ts";

type AnyRecord = Record<string, unknown>;

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

function copyHeaders(headers: unknown): AnyRecord {
  const copy: AnyRecord = {};
  if (!headers) return copy;
  const source = headers as AnyRecord;
  for (const name of Object.keys(source)) {
    if (name !== "__proto__") copy[name] = source[name];
  }
  return copy;
}

/**
 * The headers with every value a string, as `fetch`, undici and got take them: numbers and other
 * values are converted with `String()` (as `fetch` and @octokit/request do), `undefined` dropped.
 */
function stringValues(headers: AnyRecord): Record<string, string> {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (typeof value === "string") continue;
    if (value === undefined) delete headers[name];
    else headers[name] = String(value);
  }
  return headers as Record<string, string>;
}

/**
 * Builds `{ method, url, headers, body?, request? }` from merged options.
 *
 * @throws {TypeError} When `method` or `url` is not a string, `mediaType` is missing, or a query
 * or header value cannot be converted to a string.
 * @throws {UriTemplateError} When `url` is not a valid URL template.
 */
export function parseEndpoint(options: EndpointDefaults): RequestOptions {
  return parseWith(options, acceptWithMediaType);
}

/** `value` when it is a string, else a TypeError naming the option `name`. */
function stringOption(name: string, value: unknown): string {
  if (typeof value === "string") return value;
  throw new TypeError(
    `Cannot build request options: "${name}" must be a string, got ${describeType(value)}`,
  );
}

/**
 * {@linkcode parseEndpoint} with `applyMediaType` rewriting the `accept` header, or without any media
 * type handling when it is not given (so a bundle that never rewrites `accept` leaves it out).
 */
export function parseWith(
  options: EndpointDefaults,
  applyMediaType?: typeof acceptWithMediaType,
): RequestOptions {
  const { baseUrl, mediaType, request } = options;
  const method = stringOption("method", options.method).toUpperCase() as RequestOptions["method"];
  const template = routeTemplate(stringOption("url", options.url || "/"));
  let url = template.expand(options);
  if (!url.startsWith("http")) url = baseUrl + url;

  const parameters: AnyRecord = Object.create(null);
  let parameterCount = 0;
  for (const key of Object.keys(options)) {
    if (isReservedOption(key) || template.variableNames.has(key)) continue;
    parameters[key] = options[key];
    parameterCount++;
  }

  const headers = copyHeaders(options.headers);
  if (applyMediaType !== undefined) {
    const accept = applyMediaType(headers.accept, mediaType, url);
    if (accept !== headers.accept) headers.accept = accept;
  }

  let body: unknown;
  if (method === "GET" || method === "HEAD") {
    url = addQueryParameters(url, parameters);
  } else if ("data" in parameters) {
    body = parameters.data;
  } else if (parameterCount > 0) {
    body = parameters;
  }
  if (!headers["content-type"] && body !== undefined) {
    headers["content-type"] = JSON_CONTENT_TYPE;
  }
  if ((method === "PATCH" || method === "PUT") && body === undefined) body = "";

  const result: RequestOptions = { method, url, headers: stringValues(headers) };
  if (body !== undefined) result.body = body;
  if (request) result.request = request;
  return result;
}
