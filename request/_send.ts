// Sends one request built by the endpoint builder and reads its response: one timeout for the
// whole exchange, the body read up to a byte limit, `data` decoded by media type, and a
// RequestError (without the request's credentials) for anything but a 2xx.
import type { RequestOptions } from "../endpoint/mod.ts";
import { type BoundedBody, readBounded } from "./_read_body.ts";
import { decodeBody, requestBody } from "./_body.ts";
import { describe, type Described, redact, redactedCause, redactedUrl } from "./_redact.ts";
import { RequestError } from "./request_error.ts";
import type { RequestFetch, RequestResponse } from "./types.ts";

/** How long a request may take and how much of its response is read. */
export interface SendLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The most characters of a server's message kept in an error. */
const MAX_SERVER_MESSAGE = 300;

/** The server's own message in an error body: GitHub's `message`, Google's `error.message`. */
function serverMessage(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (data === null || typeof data !== "object") return undefined;
  const { message, error, error_description: description } = data as Record<string, unknown>;
  if (typeof message === "string") return message;
  if (typeof description === "string") return description;
  if (typeof error === "string") return error;
  if (error !== null && typeof error === "object") {
    const nested = (error as Record<string, unknown>).message;
    if (typeof nested === "string") return nested;
  }
  return undefined;
}

/** A server's message on one line, shortened, with the request's secrets redacted. */
function shownMessage(text: string, secrets: readonly string[]): string {
  const line = redact(text, secrets).replace(/\s+/g, " ").trim();
  return line.length > MAX_SERVER_MESSAGE ? `${line.slice(0, MAX_SERVER_MESSAGE)}…` : line;
}

/** A response's headers as a plain object with lowercase names. */
function headersOf(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

/** The fetch call, raced against the signal: a fetch that ignores it must not outlive it. */
async function fetchUntilAborted(
  fetch: RequestFetch,
  options: RequestOptions,
  signal: AbortSignal,
): Promise<Response> {
  let stopListening = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const listener = () => reject(signal.reason);
    signal.addEventListener("abort", listener, { once: true });
    stopListening = () => signal.removeEventListener("abort", listener);
  });
  const body = options.method === "GET" || options.method === "HEAD"
    ? undefined
    : requestBody(options.body);
  const pending = fetch(options.url, {
    method: options.method,
    headers: options.headers,
    ...(body === undefined ? {} : { body }),
    signal,
  });
  try {
    return await Promise.race([pending, aborted]);
  } finally {
    pending.catch(() => {});
    aborted.catch(() => {});
    stopListening();
  }
}

/** The error of a request that got no response: a network failure or the timeout. */
function noResponse(error: unknown, described: Described, limits: SendLimits): RequestError {
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  const reason = timedOut
    ? `no complete response within ${limits.timeoutMs} ms (option timeoutMs)`
    : `network error: ${
      shownMessage(error instanceof Error ? error.message : String(error), described.secrets)
    }`;
  return new RequestError(`${described.where}: ${reason}`, {
    status: 0,
    request: described.request,
    cause: redactedCause(error, described.secrets),
  });
}

/**
 * Sends `options` with `fetch` and resolves to the response of a 2xx. Rejects with the caller's
 * abort reason when `options.request.signal` aborts, and with a {@linkcode RequestError} for
 * anything else that fails.
 */
export async function send(
  fetch: RequestFetch,
  options: RequestOptions,
  limits: SendLimits,
): Promise<RequestResponse<unknown>> {
  const caller = options.request?.signal;
  caller?.throwIfAborted();
  // What a failure shows of the request: made only when one is reported.
  let described: Described | undefined;
  const describeOnce = () => described ??= describe(options);
  const controller = new AbortController();
  const timer = Number.isFinite(limits.timeoutMs)
    ? setTimeout(
      () =>
        controller.abort(
          new DOMException(`Timed out after ${limits.timeoutMs} ms`, "TimeoutError"),
        ),
      limits.timeoutMs,
    )
    : undefined;
  const follow = () => controller.abort(caller?.reason);
  caller?.addEventListener("abort", follow, { once: true });
  try {
    const { signal } = controller;
    let response: Response;
    let body: BoundedBody;
    try {
      response = await fetchUntilAborted(fetch, options, signal);
      body = await readBounded(response, limits.maxResponseBytes, signal);
    } catch (error) {
      if (caller?.aborted) throw caller.reason;
      throw noResponse(error, describeOnce(), limits);
    }
    return responseOf(response, body, options, describeOnce, limits);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", follow);
  }
}

/** The response of a 2xx, or the RequestError of anything else. */
function responseOf(
  response: Response,
  body: BoundedBody,
  options: RequestOptions,
  described: () => Described,
  limits: SendLimits,
): RequestResponse<unknown> {
  const headers = headersOf(response.headers);
  const { status } = response;
  const success = status >= 200 && status <= 299;
  const result: RequestResponse<unknown> = {
    status,
    url: response.url || options.url,
    headers,
    data: undefined,
  };
  const fail = (what: string) =>
    new RequestError(`${described().where}: HTTP ${status}${what}`, {
      status,
      request: described().request,
      response: { ...result, url: redactedUrl(result.url) },
    });
  if (body.oversized) {
    throw fail(` with a body over ${limits.maxResponseBytes} bytes (option maxResponseBytes)`);
  }
  const bodyless = options.method === "HEAD" || status === 204 || status === 205;
  const decoded = bodyless ? { data: undefined } : decodeBody(body.bytes, headers["content-type"]);
  if ("invalid" in decoded) {
    if (success) throw fail(" with a body that is not the JSON its content-type says");
    result.data = decoded.invalid;
  } else {
    result.data = decoded.data;
  }
  if (success) return result;
  const message = serverMessage(result.data);
  throw fail(message === undefined ? "" : `: ${shownMessage(message, described().secrets)}`);
}
