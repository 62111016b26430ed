/**
 * @octokit/endpoint behaviours that users rely on, one row each (the rule numbers refer to the
 * research notes on @octokit/endpoint 11.0.5).
 */
import assert from "node:assert/strict";
import { endpoint } from "../../endpoint/mod.ts";

const API = "https://api.github.com";

Deno.test("endpoint() follows octokit's rules", async (t) => {
  const rows: [string, () => void][] = [
    ["R1 a route without a method is a GET of that URL", () => {
      assert.deepEqual([endpoint("/x").method, endpoint("/x").url], ["GET", `${API}/x`]);
    }],
    ["R2 an explicit undefined method erases the route's method", () => {
      assert.equal(endpoint("POST /x", { method: undefined }).method, "GET");
    }],
    ["R3 an object route ignores the second argument", () => {
      assert.equal(endpoint.merge({ url: "/a" }, { b: 1 }).b, undefined);
    }],
    ["R12 the later of two same-name headers wins", () => {
      assert.equal(
        endpoint("GET /", { headers: { "X-Foo": "1", "x-foo": "2" } }).headers["x-foo"],
        "2",
      );
    }],
    ["R13 null headers and parameters are kept; undefined ones dropped", () => {
      const options = endpoint(
        "GET /x",
        { a: null, b: undefined, headers: { "x-n": null, "x-u": undefined } } as never,
      );
      assert.equal(options.url, `${API}/x?a=null`);
      assert.deepEqual(Object.keys(options.headers), ["accept", "user-agent", "x-n"]);
    }],
    ["R23 query keys from defaults keep their position", () => {
      const options = endpoint.defaults({ per_page: 5 })("GET /x", { a: 1, per_page: 10 });
      assert.equal(options.url, `${API}/x?per_page=10&a=1`);
    }],
    ["R24 DEFAULTS is live", () => {
      const derived = endpoint.defaults({});
      derived.DEFAULTS.baseUrl = "https://ghe.example/api/v3";
      assert.equal(derived("GET /x").url, "https://ghe.example/api/v3/x");
    }],
    ["R25 :name needs a lowercase letter and two characters", () => {
      assert.equal(
        endpoint("GET /a/:o/:Ab/:ok", { o: 1, Ab: 2, ok: 3 }).url,
        `${API}/a/:o/:Ab/3?o=1&Ab=2`,
      );
    }],
    ["R29 a missing placeholder is left out", () => {
      assert.equal(
        endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" } as never).url,
        `${API}/repos/o//issues`,
      );
    }],
    ["R32 baseUrl is prefixed to URLs not starting with http", () => {
      assert.equal(
        endpoint("GET https://codeload.github.com/o/r/legacy.tar.gz/main").url,
        "https://codeload.github.com/o/r/legacy.tar.gz/main",
      );
      assert.equal(endpoint("GET /x", { baseUrl: "" }).url, "/x");
    }],
    ["R35 one trailing slash is removed, but not from /", () => {
      assert.equal(endpoint("GET /repos/").url, `${API}/repos`);
      assert.equal(endpoint("GET /").url, `${API}/`);
      assert.equal(endpoint("GET /x/{ref}", { ref: "heads/" }).url, `${API}/x/heads%2F`);
    }],
    ["R40 & joins a URL that already has a query", () => {
      assert.equal(endpoint("GET /x?a=1", { b: 2 }).url, `${API}/x?a=1&b=2`);
    }],
    ["R42 q keeps + literal", () => {
      assert.equal(endpoint("GET /search", { q: "a+b c:d" }).url, `${API}/search?q=a+b%20c%3Ad`);
    }],
    ["R44 data wins over other parameters, even null", () => {
      assert.equal(endpoint("POST /x", { data: null, other: 1 }).body, null);
      assert.equal(endpoint("GET /x", { data: "s" }).url, `${API}/x?data=s`);
    }],
    ['R47 PUT with data "" gets a JSON content-type; PUT without body does not', () => {
      assert.equal(
        endpoint("PUT /x", { data: "" }).headers["content-type"],
        "application/json; charset=utf-8",
      );
      assert.equal(endpoint("PUT /x").headers["content-type"], undefined);
    }],
    ["R49 request is passed through only when truthy", () => {
      assert.deepEqual(endpoint("GET /x", { request: {} }).request, {});
      assert.equal("request" in endpoint("GET /x"), false);
    }],
    ["R52 an octet-stream accept is never rewritten", () => {
      const headers = { accept: "application/octet-stream" };
      assert.equal(
        endpoint("GET /x", { headers, mediaType: { format: "raw" } }).headers.accept,
        "application/octet-stream",
      );
    }],
    ["R53 format rewrites every vendor type of accept", () => {
      const accept = (value: string, format: string) =>
        endpoint("GET /x", { headers: { accept: value }, mediaType: { format } }).headers.accept;
      assert.equal(accept("application/vnd.github+json", "raw"), "application/vnd.github.raw");
      assert.equal(
        accept("application/vnd.github.v3.raw+json", "diff"),
        "application/vnd.github.v3.diff",
      );
      assert.equal(accept("application/json", "raw"), "application/json");
      assert.equal(
        accept("text/html, application/vnd.github.v3+json", "raw"),
        "text/html, application/vnd.github.v3.raw",
      );
    }],
    ["R57 previews replace accept on /graphql, keeping accept's previews", () => {
      const options = endpoint("POST /graphql", {
        headers: { accept: "application/vnd.foo-preview,application/vnd.bar-preview" },
        mediaType: { format: "raw", previews: ["symmetra"] },
      });
      assert.equal(
        options.headers.accept,
        "application/vnd.github.foo-preview.raw,application/vnd.github.bar-preview.raw,application/vnd.github.symmetra-preview.raw",
      );
    }],
    ["R60 graphql previews from defaults come first, without repeats", () => {
      const derived = endpoint.defaults({ mediaType: { previews: ["foo", "bar"] } });
      assert.deepEqual(
        derived.merge("POST /graphql", { mediaType: { previews: ["baz", "foo"] } }).mediaType
          .previews,
        ["bar", "baz", "foo"],
      );
      assert.equal(
        derived("POST /x", { mediaType: { previews: ["baz"] } }).headers.accept,
        "application/vnd.github.v3+json",
      );
    }],
  ];
  for (const [name, run] of rows) await t.step(name, run);
});
