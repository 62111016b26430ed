// Behaviour checks of the request entry that run unchanged in any runtime: Deno, Bun and Node on
// the sources or the npm build, and workerd as a Worker. Plain JavaScript; `fail` is the only
// assertion, so that a Worker needs no node:assert. Most checks answer through a `fetch` of this
// runtime's own Response objects; the last ones go over the network to the emulator's Cloud
// Storage stand-in with this library's credentials.

/** Objects the emulator of these checks holds: three pages of one, or one of three. */
export const REQUEST_CHECK_OBJECTS = {
  "request-checks": { "a.txt": "alpha", "b.txt": "beta", "c.txt": "gamma" },
};

/** @param {boolean} condition @param {string} message */
function ensure(condition, message) {
  if (!condition) throw new Error(`request check failed: ${message}`);
}

/**
 * A fetch that answers from `pages` by URL, as this runtime's Response objects.
 *
 * @param {(url: URL, init: RequestInit) => Response | Promise<Response>} answer
 */
function fakeFetch(answer) {
  /** @type {string[]} */
  const seen = [];
  /** @param {string} url @param {RequestInit} init */
  const fetch = (url, init) => {
    const body = typeof init.body === "string" ? ` ${init.body}` : "";
    seen.push(`${init.method} ${url}${body}`);
    return Promise.resolve(answer(new URL(url), init));
  };
  return { fetch, seen };
}

/** @param {Promise<unknown>} promise @returns {Promise<any>} what it rejected with */
async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("request check failed: expected a rejection");
}

/**
 * @param {any} requestMod The request module namespace.
 * @param {any} authMod The auth module namespace.
 * @param {{ key: string, storageUrl: string }} emulator A service account key file of the
 *   emulator and its Cloud Storage base URL; its bucket holds {@linkcode REQUEST_CHECK_OBJECTS}.
 * @returns {Promise<number>} How many checks passed.
 */
export default async function check(requestMod, authMod, emulator) {
  const { createRequest, RequestError } = requestMod;
  /** @type {[string, () => Promise<void>][]} */
  const checks = [
    ["a request is built as endpoint() builds it, JSON comes back as data", async () => {
      const { fetch, seen } = fakeFetch(() => Response.json({ login: "octocat" }));
      const request = createRequest({ baseUrl: "https://api.example", fetch });
      const response = await request("POST /repos/{owner}/{repo}/issues", {
        owner: "o",
        repo: "r",
        title: "t",
      });
      ensure(response.status === 200 && response.data.login === "octocat", "data");
      ensure(seen[0] === 'POST https://api.example/repos/o/r/issues {"title":"t"}', seen[0]);
    }],
    ["a non-2xx is a RequestError with the status and the server's message", async () => {
      const { fetch } = fakeFetch(() => Response.json({ message: "Not Found" }, { status: 404 }));
      const error = await rejection(
        createRequest({ baseUrl: "https://api.example", fetch })("GET /x{?key}", {
          key: "secret-api-key",
        }),
      );
      ensure(error instanceof RequestError && error.status === 404, String(error));
      ensure(error.message === "GET https://api.example/x: HTTP 404: Not Found", error.message);
      ensure(!JSON.stringify(error.request).includes("secret-api-key"), "key redacted");
    }],
    ["paginate() follows GitHub's Link header", async () => {
      const { fetch, seen } = fakeFetch((url) => {
        const page = Number(url.searchParams.get("page") ?? 1);
        const headers = page < 3
          ? { link: `<https://api.example/items?page=${page + 1}>; rel="next"` }
          : undefined;
        return Response.json([page], { headers });
      });
      const request = createRequest({ baseUrl: "https://api.example", fetch });
      /** @type {unknown[]} */
      const pages = [];
      for await (const page of request.paginate("GET /items")) pages.push(page);
      ensure(JSON.stringify(pages) === "[[1],[2],[3]]", JSON.stringify(pages));
      ensure(seen.length === 3, seen.join());
    }],
    ["paginate() sends Google's nextPageToken back as pageToken", async () => {
      const { fetch, seen } = fakeFetch((url) => {
        const token = url.searchParams.get("pageToken");
        return Response.json(token === null ? { nextPageToken: "p2" } : { items: [token] });
      });
      const request = createRequest({ baseUrl: "https://api.example", fetch });
      /** @type {unknown[]} */
      const pages = [];
      for await (const page of request.paginate("GET /v1/items")) pages.push(page);
      ensure(pages.length === 2, JSON.stringify(pages));
      ensure(seen[1] === "GET https://api.example/v1/items?pageToken=p2", seen[1]);
    }],
    ["paginate() stops at maxPages with a RangeError", async () => {
      let served = 0;
      const { fetch } = fakeFetch(() => Response.json({ nextPageToken: `t${++served}` }));
      const request = createRequest({ baseUrl: "https://api.example", fetch });
      let pages = 0;
      const error = await rejection((async () => {
        for await (const _ of request.paginate("GET /x", {}, { maxPages: 2 })) pages++;
      })());
      ensure(error instanceof RangeError && pages === 2, String(error));
    }],
    ["a body over maxResponseBytes is an error, its stream cancelled", async () => {
      let cancelled = false;
      const body = new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(64 * 1024));
        },
        cancel() {
          cancelled = true;
        },
      });
      const { fetch } = fakeFetch(() => new Response(body));
      const request = createRequest({ baseUrl: "https://a.example", fetch, maxResponseBytes: 1e5 });
      const error = await rejection(request("GET /big"));
      ensure(error instanceof RequestError && /body over 100000 bytes/.test(error.message), error);
      ensure(cancelled, "the body's stream was cancelled");
    }],
    ["a request that takes longer than timeoutMs is an error", async () => {
      const fetch = () => new Promise(() => {});
      const request = createRequest({ baseUrl: "https://a.example", fetch, timeoutMs: 20 });
      const error = await rejection(request("GET /slow"));
      ensure(error instanceof RequestError && error.status === 0, String(error));
      ensure(/within 20 ms \(option timeoutMs\)$/.test(error.message), error.message);
    }],
    [
      "the emulator's Cloud Storage through credentials.fetch: get, media, list pages, 404",
      async () => {
        const credentials = authMod.credentialsFromJson(emulator.key);
        // The method passed as a value, as users pass fetch functions.
        const storage = createRequest({ baseUrl: emulator.storageUrl, fetch: credentials.fetch });
        const bucket = Object.keys(REQUEST_CHECK_OBJECTS)[0];
        const object = await storage("GET /b/{bucket}/o/{object}", { bucket, object: "b.txt" });
        ensure(
          object.data.name === "b.txt" && object.data.size === "4",
          JSON.stringify(object.data),
        );
        const media = await storage("GET /b/{bucket}/o/{object}", {
          bucket,
          object: "c.txt",
          alt: "media",
        });
        ensure(media.data === "gamma", String(media.data));
        /** @type {string[]} */
        const names = [];
        for await (const page of storage.paginate("GET /b/{bucket}/o", { bucket, maxResults: 1 })) {
          names.push(...page.items.map((/** @type {{ name: string }} */ item) => item.name));
        }
        ensure(names.join() === "a.txt,b.txt,c.txt", names.join());
        const missing = await rejection(
          storage("GET /b/{bucket}/o/{object}", { bucket, object: "z" }),
        );
        ensure(missing instanceof RequestError && missing.status === 404, String(missing));
      },
    ],
  ];
  for (const [name, run] of checks) {
    try {
      await run();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`request check "${name}" failed: ${why}`, { cause: error });
    }
  }
  return checks.length;
}
