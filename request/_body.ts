// The body a request sends and the `data` a response gives: request bodies that fetch takes as
// they are go as they are, other values as JSON; a response is JSON, text or bytes by its media
// type.

/** Whether fetch sends `body` as it is (not as JSON). */
function isRawBody(body: unknown): body is BodyInit {
  return typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    body instanceof URLSearchParams ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream);
}

/** The body to hand fetch: `undefined` for none, a raw body as is, anything else as JSON. */
export function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return isRawBody(body) ? body : JSON.stringify(body);
}

/** The media type of a `content-type` header, lowercase, without parameters. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether a media type is JSON: `application/json` or a `+json` type. */
function isJsonMediaType(contentType: string | undefined): boolean {
  const type = mediaTypeOf(contentType);
  return type === "application/json" || type.endsWith("+json");
}

/** What a response body gives as `data`: a parse failure of a JSON type is `{ invalid }`. */
export type DecodedBody = { data: unknown } | { invalid: string };

/**
 * The `data` of a body by its media type: parsed JSON, a string for `text/*`, else the bytes;
 * `undefined` when the body is empty.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): DecodedBody {
  if (bytes.byteLength === 0) return { data: undefined };
  const type = mediaTypeOf(contentType);
  if (!isJsonMediaType(type) && !type.startsWith("text/")) return { data: bytes };
  const text = new TextDecoder().decode(bytes);
  if (type.startsWith("text/")) return { data: text };
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { invalid: text };
  }
}
