// The accept header rewrites of `mediaType.format` and (for GraphQL URLs) `mediaType.previews`.
import { describeType } from "./_describe.ts";

const BINARY = /application\/octet-stream/i;
const VENDOR_TYPE = /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/;
const PREVIEW_NAMES = /(?<![\w-])[\w-]+(?=-preview)/g;
const GRAPHQL_SUFFIX = "/graphql";

function acceptString(accept: unknown, rewrite: string): string {
  if (typeof accept === "string") return accept;
  throw new TypeError(
    `Cannot apply ${rewrite}: the "accept" header must be a string, got ${describeType(accept)}`,
  );
}

/**
 * The accept header for `mediaType` on `url` (the expanded URL without its query).
 *
 * @throws {TypeError} When `mediaType` is `null` or `undefined`, or a format or GraphQL previews
 * apply and `accept` is not a string.
 */
export function acceptWithMediaType(accept: unknown, mediaType: unknown, url: string): unknown {
  if (mediaType !== undefined && mediaType !== null) {
    const { format, previews } = mediaType as { format?: unknown; previews?: unknown };
    const appliesPreviews = Boolean(previews) && url.endsWith(GRAPHQL_SUFFIX);
    if (!format && !appliesPreviews) return accept;
  }
  if (BINARY.test(String(accept))) return accept;
  if (mediaType === undefined || mediaType === null) {
    throw new TypeError(
      `Cannot build request options: "mediaType" must be an object, got ${describeType(mediaType)}`,
    );
  }
  const { format, previews } = mediaType as { format?: unknown; previews?: unknown };
  let result = accept;
  if (format) {
    result = acceptString(accept, `mediaType.format ${JSON.stringify(String(format))}`)
      .split(",")
      .map((type) => type.replace(VENDOR_TYPE, `application/vnd$1$2.${format}`))
      .join(",");
  }
  const previewList = Array.isArray(previews) ? previews : previews ? [previews] : [];
  if (url.endsWith(GRAPHQL_SUFFIX) && previewList.length > 0) {
    const suffix = format ? `.${format}` : "+json";
    const fromAccept = acceptString(result, "mediaType.previews").match(PREVIEW_NAMES) ?? [];
    result = [...fromAccept, ...previewList]
      .map((preview) => `application/vnd.github.${preview}-preview${suffix}`)
      .join(",");
  }
  return result;
}
