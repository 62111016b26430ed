// Percent-encoding for RFC 6570 expansion and for query strings. Strings that are not well-formed
// UTF-16 (lone surrogates) are encoded as U+FFFD, as the WHATWG URL parser and TextEncoder do,
// instead of throwing URIError.

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const RESERVED_OR_UNRESERVED = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/;
const SUB_DELIMS_ESCAPED_BY_RFC3986 = /[!'()*]/g;
const PCT_TRIPLET_SPLIT = /(%[0-9A-Fa-f]{2})/;

/** `encode(value)`, or on a URIError (a lone surrogate) `encode` of its well-formed form. */
function encodeWellFormed(encode: (value: string) => string, value: string): string {
  try {
    return encode(value);
  } catch {
    return encode(value.toWellFormed());
  }
}

/**
 * `encodeURIComponent` that never throws on lone surrogates.
 */
export function encodeComponent(value: string): string {
  return encodeWellFormed(encodeURIComponent, value);
}

function escapeSubDelim(char: string): string {
  return "%" + char.charCodeAt(0).toString(16).toUpperCase();
}

/**
 * Encodes everything but the RFC 3986 unreserved set `A-Z a-z 0-9 - . _ ~`.
 */
export function encodeUnreserved(value: string): string {
  if (UNRESERVED.test(value)) return value;
  return encodeComponent(value).replace(SUB_DELIMS_ESCAPED_BY_RFC3986, escapeSubDelim);
}

function encodeReservedChunk(chunk: string): string {
  return encodeWellFormed(encodeURI, chunk).replaceAll("%5B", "[").replaceAll("%5D", "]");
}

/**
 * Encodes everything but the unreserved and reserved sets, keeping `%XX` triplets as they are and
 * encoding any other `%` as `%25` (RFC 6570 `+`/`#` expansion and literals).
 */
export function encodeReserved(value: string): string {
  if (RESERVED_OR_UNRESERVED.test(value)) return value;
  const chunks = value.split(PCT_TRIPLET_SPLIT);
  let result = "";
  for (let index = 0; index < chunks.length; index++) {
    const chunk = chunks[index]!;
    // Odd indexes are the captured `%XX` triplets.
    result += index % 2 === 1 ? chunk : encodeReservedChunk(chunk);
  }
  return result;
}
