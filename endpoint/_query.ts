// The query string endpoint() appends for GET and HEAD.
import { encodeComponent } from "./_encode.ts";

/** `q` is split on `+`, which stays literal (GitHub's search syntax reads it as a space). */
function encodeSearchQuery(value: unknown): string {
  return String(value).split("+").map(encodeComponent).join("+");
}

/**
 * Appends `parameters` to `url` as `name=value` pairs, with `&` when the URL already has a `?`.
 * Names and values are percent-encoded; values are converted with `String()`.
 *
 * @throws {TypeError} When a value cannot be converted to a string (a symbol, or an object without
 * a usable `toString`).
 */
export function addQueryParameters(url: string, parameters: Record<string, unknown>): string {
  let query = "";
  for (const name in parameters) {
    const value = parameters[name];
    const encoded = name === "q" ? encodeSearchQuery(value) : encodeComponent(String(value));
    query += (query === "" ? "" : "&") + encodeComponent(name) + "=" + encoded;
  }
  if (query === "") return url;
  return url + (url.includes("?") ? "&" : "?") + query;
}
