// The pages of a paginated route: GitHub's `Link: <url>; rel="next"` header, else Google's
// `nextPageToken` sent back as `pageToken`; a page cap, a next link kept to the first request's
// origin (the request's headers, credentials included, go wherever the link points), and a server
// that hands back the page it just served is an error, not a loop.
import type { RequestOptions } from "../endpoint/mod.ts";
import { RequestError } from "./request_error.ts";
import { describe, redactedUrl, whereOf } from "./_redact.ts";
import type { RequestResponse } from "./types.ts";

/** `maxPages` when `request.paginate()` is given none. */
const DEFAULT_MAX_PAGES = 100;

/** One `<url>; params` of a Link header: its params run to the next link's `<`. */
const LINK_VALUE = /<([^>]*)>([^<]*)/g;
const NEXT_RELATION = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/** The target of a Link header's `rel="next"` link, as written (maybe relative). */
export function nextLinkOf(link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  for (const [, target, params] of link.matchAll(LINK_VALUE)) {
    const relation = NEXT_RELATION.exec(params ?? "");
    const relations = (relation?.[1] ?? relation?.[2] ?? "").toLowerCase().split(/\s+/);
    if (relations.includes("next")) return target;
  }
  return undefined;
}

/** The body's `nextPageToken`, when it is a non-empty string. */
function nextPageTokenOf(data: unknown): string | undefined {
  if (data === null || typeof data !== "object") return undefined;
  const token = (data as Record<string, unknown>).nextPageToken;
  return typeof token === "string" && token !== "" ? token : undefined;
}

/** The error of a next page that can't be followed. */
function unfollowable(
  current: RequestOptions,
  response: RequestResponse<unknown>,
  why: string,
): RequestError {
  const { where, request } = describe(current);
  return new RequestError(`${where}: ${why}`, {
    status: response.status,
    request,
    response: { ...response, url: redactedUrl(response.url) },
  });
}

/**
 * The request of the page after `response`, or `undefined` after the last page. `withToken`
 * builds the route again with `pageToken`.
 */
export function nextRequest(
  current: RequestOptions,
  response: RequestResponse<unknown>,
  withToken: (token: string) => RequestOptions,
): RequestOptions | undefined {
  const link = nextLinkOf(response.headers.link);
  if (link !== undefined) {
    let next: URL;
    try {
      next = new URL(link, response.url);
    } catch {
      throw unfollowable(current, response, "the next page link is not a URL");
    }
    const origin = new URL(current.url).origin;
    if (next.origin !== origin) {
      throw unfollowable(
        current,
        response,
        `the next page link leads to ${next.origin}, not ${origin}: not followed`,
      );
    }
    if (next.href === new URL(current.url).href) {
      throw unfollowable(current, response, "the next page link is this page again");
    }
    return { ...current, url: next.href };
  }
  const token = nextPageTokenOf(response.data);
  if (token === undefined) return undefined;
  const next = withToken(token);
  if (next.url === current.url && JSON.stringify(next.body) === JSON.stringify(current.body)) {
    throw unfollowable(current, response, "the nextPageToken is that of this page again");
  }
  return next;
}

/** `maxPages` checked: a whole number of at least 1. */
export function maxPagesOf(maxPages: unknown = DEFAULT_MAX_PAGES): number {
  if (typeof maxPages === "number" && Number.isInteger(maxPages) && maxPages >= 1) return maxPages;
  throw new RangeError(
    `Cannot paginate: option "maxPages" must be a whole number of at least 1, got ${
      typeof maxPages === "number" ? maxPages : typeof maxPages
    }`,
  );
}

/** Sends `first`, then each next page, and yields each page's data. */
export async function* pages(
  first: RequestOptions,
  send: (options: RequestOptions) => Promise<RequestResponse<unknown>>,
  withToken: (token: string) => RequestOptions,
  maxPages: number,
): AsyncGenerator<unknown, void, undefined> {
  let current: RequestOptions | undefined = first;
  for (let page = 1; current !== undefined; page++) {
    const response = await send(current);
    yield response.data;
    const next = nextRequest(current, response, withToken);
    if (next !== undefined && page >= maxPages) {
      throw new RangeError(
        `${current.method} ${whereOf(first.url)}: more pages remain after ${maxPages} ` +
          `(option maxPages); pass a larger maxPages to read them, or break out of the loop ` +
          `to stop earlier`,
      );
    }
    current = next;
  }
}
