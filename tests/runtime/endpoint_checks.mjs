// Behaviour checks of endpoint/ that run unchanged in any runtime: Deno and Bun on the TypeScript
// sources, Node on the npm build (or on the sources with type stripping). Plain JavaScript, only
// node:assert/strict. The default export runs every check against the module namespace it is
// given and returns how many passed; the first failure throws.
import assert from "node:assert/strict";

/**
 * The runtime token the default user-agent must end with here.
 *
 * @returns {string}
 */
function expectedRuntimeToken() {
  const g = /** @type {any} */ (globalThis);
  if (g.Deno?.version?.deno) return `Deno/${g.Deno.version.deno}`;
  if (typeof g.Bun?.version === "string") return `Bun/${g.Bun.version}`;
  return `Node.js/${g.process.versions.node}`;
}

/**
 * @param {any} mod The endpoint module namespace (`endpoint/mod.ts` or `npm/endpoint/mod.js`).
 * @returns {Promise<number>} How many checks passed.
 */
export default async function check(mod) {
  const { endpoint, parseTemplate, UriTemplateError } = mod;
  /** @type {[string, () => void | Promise<void>][]} */
  const checks = [
    ["routes with placeholders", () => {
      const options = endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", {
        owner: "octo org",
        repo: "hello/world",
        issue_number: 7,
      });
      assert.equal(options.method, "GET");
      assert.equal(
        options.url,
        "https://api.github.com/repos/octo%20org/hello%2Fworld/issues/7",
      );
      assert.equal("body" in options, false);
    }],
    ["query string for GET", () => {
      const options = endpoint("GET /search/issues", {
        q: "repo:octo/hello is:open+label:bug",
        per_page: 100,
        labels: ["a", "b"],
      });
      assert.equal(
        options.url,
        "https://api.github.com/search/issues?q=repo%3Aocto%2Fhello%20is%3Aopen+label%3Abug" +
          "&per_page=100&labels=a%2Cb",
      );
    }],
    ["JSON body for POST and empty body for PUT", () => {
      const post = endpoint("POST /repos/{owner}/{repo}/issues", {
        owner: "o",
        repo: "r",
        title: "t",
        labels: ["bug"],
      });
      assert.deepEqual({ ...post.body }, { title: "t", labels: ["bug"] });
      assert.equal(Object.getPrototypeOf(post.body), null);
      assert.equal(post.headers["content-type"], "application/json; charset=utf-8");
      const put = endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });
      assert.equal(put.body, "");
      assert.equal(endpoint("patch /x").method, "PATCH");
    }],
    ["data, {?a,b} templates and upload URLs", () => {
      const options = endpoint(
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
        {
          owner: "o",
          repo: "r",
          id: 1,
          name: "a.zip",
          data: "bytes",
          headers: { "Content-Type": "application/zip" },
        },
      );
      assert.equal(
        options.url,
        "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
      );
      assert.equal(options.body, "bytes");
      assert.equal(options.headers["content-type"], "application/zip");
    }],
    ["defaults cascade", () => {
      const google = endpoint.defaults({
        baseUrl: "https://sts.googleapis.com",
        headers: { Accept: "application/json" },
      });
      const traced = google.defaults({ headers: { "X-Goog-Request-Reason": "ci" } });
      const options = traced("POST /v1/token", { audience: "aud" });
      assert.equal(options.url, "https://sts.googleapis.com/v1/token");
      assert.equal(options.headers.accept, "application/json");
      assert.equal(options.headers["x-goog-request-reason"], "ci");
      assert.equal(google.DEFAULTS.headers["x-goog-request-reason"], undefined);
      assert.equal(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
      assert.deepEqual(
        endpoint.parse(endpoint.merge("GET /repos/{owner}", { owner: "o" })),
        endpoint("GET /repos/{owner}", { owner: "o" }),
      );
    }],
    ["mediaType format and graphql previews", () => {
      const raw = endpoint("GET /repos/{owner}/{repo}/readme", {
        owner: "o",
        repo: "r",
        mediaType: { format: "raw" },
      });
      assert.equal(raw.headers.accept, "application/vnd.github.v3.raw");
      const graphql = endpoint("POST /graphql", {
        query: "{ viewer { login } }",
        mediaType: { previews: ["symmetra-preview"] },
      });
      assert.equal(graphql.headers.accept, "application/vnd.github.symmetra-preview+json");
    }],
    ["parseTemplate and UriTemplateError", () => {
      const template = parseTemplate("/search{?q,labels*}");
      assert.deepEqual(template.variableNames, ["q", "labels"]);
      assert.equal(
        template.expand({ q: "a b", labels: ["x", "y"] }),
        "/search?q=a%20b&labels=x&labels=y",
      );
      assert.equal(parseTemplate("{clef:1}").expand({ clef: "\u{1D11E}staves" }), "%F0%9D%84%9E");
      assert.throws(() => parseTemplate("/teams/{team"), (error) => {
        assert.ok(error instanceof UriTemplateError);
        assert.ok(error instanceof SyntaxError);
        assert.equal(error.index, 7);
        return true;
      });
    }],
    ["user-agent names this runtime", () => {
      const userAgent = endpoint("GET /").headers["user-agent"];
      assert.match(userAgent, /^gcp-oidc-auth\/\d+\.\d+\.\d+\S* /);
      assert.equal(userAgent.slice(userAgent.indexOf(" ") + 1), expectedRuntimeToken());
    }],
  ];
  let passed = 0;
  for (const [name, run] of checks) {
    try {
      await run();
    } catch (error) {
      throw new Error(`endpoint check failed: ${name}`, { cause: error });
    }
    passed++;
  }
  return passed;
}
