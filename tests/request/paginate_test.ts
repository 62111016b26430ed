/**
 * `request.paginate()` against loopback servers that page as GitHub does (`Link: <...>;
 * rel="next"`) and as Google does (`nextPageToken` sent back as `pageToken`), with the page cap,
 * and the next pages it refuses to follow.
 */
import assert from "node:assert/strict";
import { createRequest, RequestError } from "../../request/mod.ts";
import { nextLinkOf } from "../../request/_paginate.ts";
import { loopbackServer, requestLine } from "../support/loopback.ts";

/** A loopback server answering with `answer(url, body)`. */
function serve(answer: (url: URL, body: string) => Response) {
  return loopbackServer((_request, url, body) => answer(url, body));
}

/** Items 1..total, `perPage` a page, as GitHub pages them: `?page=N` and a Link header. */
function githubPages(total: number, perPage: number) {
  return (url: URL) => {
    const page = Number(url.searchParams.get("page") ?? 1);
    const items = Array.from({ length: total }, (_, index) => index + 1)
      .slice((page - 1) * perPage, page * perPage);
    const headers = new Headers({ "content-type": "application/json" });
    if (page * perPage < total) {
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      const last = new URL(url);
      last.searchParams.set("page", String(Math.ceil(total / perPage)));
      headers.set("link", `<${next.href}>; rel="next", <${last.href}>; rel="last"`);
    }
    return new Response(JSON.stringify(items), { headers });
  };
}

/** Names a..j, `maxResults` a page, as Google pages them: `pageToken` in, `nextPageToken` out. */
function googlePages(url: URL, body: string): Response {
  const names = "abcdefghij".split("");
  const query = body === "" ? Object.fromEntries(url.searchParams) : JSON.parse(body);
  const start = query.pageToken === undefined ? 0 : names.indexOf(query.pageToken);
  const size = Number(query.maxResults);
  const items = names.slice(start, start + size);
  const next = names[start + size];
  return Response.json({ items, ...(next === undefined ? {} : { nextPageToken: next }) });
}

Deno.test("GitHub's Link header: every page, in order, until there is no next", async () => {
  await using server = serve(githubPages(7, 3));
  const request = createRequest({ baseUrl: server.url });
  const pages: unknown[] = [];
  for await (
    const page of request.paginate("GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      per_page: 3,
    })
  ) {
    pages.push(page);
  }
  assert.deepEqual(pages, [[1, 2, 3], [4, 5, 6], [7]]);
  assert.deepEqual(server.seen.map(requestLine), [
    "GET /repos/o/r/issues?per_page=3",
    "GET /repos/o/r/issues?per_page=3&page=2",
    "GET /repos/o/r/issues?per_page=3&page=3",
  ]);
});

Deno.test("Google's nextPageToken: sent back as pageToken, in the query of a GET", async () => {
  await using server = serve(googlePages);
  const request = createRequest({ baseUrl: server.url });
  const names: string[] = [];
  for await (
    const page of request.paginate("GET /storage/v1/b/{bucket}/o", { bucket: "b", maxResults: 4 })
  ) {
    names.push(...(page as { items: string[] }).items);
  }
  assert.equal(names.join(""), "abcdefghij");
  assert.deepEqual(server.seen.map(requestLine), [
    "GET /storage/v1/b/b/o?maxResults=4",
    "GET /storage/v1/b/b/o?maxResults=4&pageToken=e",
    "GET /storage/v1/b/b/o?maxResults=4&pageToken=i",
  ]);
});

Deno.test("Google's nextPageToken: in the body of a POST list method", async () => {
  await using server = serve(googlePages);
  const request = createRequest({ baseUrl: server.url });
  const pages = await Array.fromAsync(
    request.paginate("POST /v2/entries:list", { maxResults: 6 }),
  );
  assert.deepEqual(pages.map((page) => (page as { items: string[] }).items.join("")), [
    "abcdef",
    "ghij",
  ]);
  assert.deepEqual(server.seen.map(requestLine), [
    'POST /v2/entries:list {"maxResults":6}',
    'POST /v2/entries:list {"maxResults":6,"pageToken":"g"}',
  ]);
});

Deno.test("the page cap: maxPages pages, then a RangeError that says more remain", async () => {
  await using server = serve(githubPages(100, 10));
  const request = createRequest({ baseUrl: server.url });
  const pages: unknown[] = [];
  const error = await (async () => {
    for await (const page of request.paginate("GET /items", {}, { maxPages: 3 })) pages.push(page);
  })().catch((error: unknown) => error);
  assert.equal(pages.length, 3);
  assert.equal(server.seen.length, 3);
  assert.ok(error instanceof RangeError);
  assert.match(
    error.message,
    /^GET http:\/\/127\.0\.0\.1:\d+\/items: more pages remain after 3 \(option maxPages\)/,
  );
  // The last page allowed being the last page is no error.
  await using twoPages = serve(githubPages(20, 10));
  const exact = await Array.fromAsync(
    createRequest({ baseUrl: twoPages.url }).paginate("GET /items", {}, { maxPages: 2 }),
  );
  assert.equal(exact.length, 2);
});

Deno.test("the default cap is 100 pages", async () => {
  // A server that always has a next page (a new page token each time).
  let served = 0;
  await using server = serve(() => Response.json({ nextPageToken: `t${++served}` }));
  const request = createRequest({ baseUrl: server.url });
  let pages = 0;
  await assert.rejects(async () => {
    for await (const _ of request.paginate("GET /forever")) pages++;
  }, /more pages remain after 100 \(option maxPages\)/);
  assert.equal(pages, 100);
});

Deno.test("breaking out of the loop stops: no page is read after", async () => {
  await using server = serve(githubPages(100, 10));
  const request = createRequest({ baseUrl: server.url });
  for await (const _ of request.paginate("GET /items")) break;
  assert.equal(server.seen.length, 1);
});

Deno.test("a next link to another origin is not followed, nor one back to the same page", async () => {
  await using server = serve((url) => {
    const headers = new Headers();
    if (url.pathname === "/away") {
      headers.set("link", '<https://elsewhere.example/steal>; rel="next"');
    }
    if (url.pathname === "/loop") headers.set("link", `<${url.href}>; rel="next"`);
    return Response.json([], { headers });
  });
  const request = createRequest({
    baseUrl: server.url,
    headers: { authorization: "Bearer secret-token-value" },
  });
  const away = await Array.fromAsync(request.paginate("GET /away")).catch((error) => error);
  assert.ok(away instanceof RequestError);
  assert.match(
    away.message,
    /the next page link leads to https:\/\/elsewhere\.example, not http:\/\/127\.0\.0\.1:\d+: not followed$/,
  );
  assert.equal(away.request.headers.authorization, "[REDACTED]");
  const loop = await Array.fromAsync(request.paginate("GET /loop")).catch((error) => error);
  assert.ok(loop instanceof RequestError);
  assert.match(loop.message, /the next page link is this page again$/);
  assert.equal(server.seen.length, 2);
});

Deno.test("a nextPageToken handed back unchanged is an error, not a loop", async () => {
  await using server = serve(() => Response.json({ nextPageToken: "same" }));
  const request = createRequest({ baseUrl: server.url });
  const error = await Array.fromAsync(request.paginate("GET /stuck")).catch((error) => error);
  assert.ok(error instanceof RequestError);
  assert.match(error.message, /the nextPageToken is that of this page again$/);
  assert.equal(server.seen.length, 2);
});

Deno.test("maxPages must be a whole number of at least 1", () => {
  const request = createRequest({ fetch: () => Promise.resolve(Response.json([])) });
  for (const maxPages of [0, 1.5, -1, Number.NaN]) {
    assert.throws(
      () => request.paginate("GET /x", {}, { maxPages }),
      /option "maxPages" must be a whole number of at least 1/,
    );
  }
  // A misspelt cap would be ignored, and the default of 100 pages read.
  assert.throws(
    () => request.paginate("GET /x", {}, { maxPage: 2 } as never),
    new TypeError('Cannot paginate: "maxPage" is not an option: use one of maxPages'),
  );
});

Deno.test("Link headers: rel among several values, unquoted, relative, with spaces", () => {
  assert.equal(nextLinkOf('<https://a/2>; rel="next", <https://a/9>; rel="last"'), "https://a/2");
  assert.equal(nextLinkOf('<https://a/9>; rel="last", <https://a/2>; rel="next"'), "https://a/2");
  assert.equal(nextLinkOf("<https://a/2>;rel=next"), "https://a/2");
  assert.equal(nextLinkOf('<https://a/2>; rel="next prefetch"'), "https://a/2");
  assert.equal(nextLinkOf('</page/2>; title="a, b"; rel="next"'), "/page/2");
  assert.equal(nextLinkOf('<https://a/1>; rel="prev", <https://a/1>; rel="first"'), undefined);
  assert.equal(nextLinkOf('<https://a/2>; rel="nextish"'), undefined);
  assert.equal(nextLinkOf(undefined), undefined);
});
