/**
 * Every deliberate difference from @octokit/endpoint 11.0.5 (design section 2, documented in
 * docs/endpoint.md), each shown with octokit's output next to ours.
 */
import assert from "node:assert/strict";
import { endpoint, UriTemplateError } from "../../endpoint/mod.ts";
import { PACKAGE_NAME, VERSION } from "../../endpoint/_package.ts";
import { loosely, octokitEndpoint } from "../support/differential.ts";

const octokit = loosely(octokitEndpoint);
const ours = loosely(endpoint);

function url(endpointFunction: typeof ours, route: unknown, options?: unknown): unknown {
  return endpointFunction(route, options).url;
}

Deno.test("divergence: method is uppercase in both, despite octokit's README", () => {
  assert.equal(octokit("patch /x").method, "PATCH");
  assert.equal(ours("patch /x").method, "PATCH");
});

Deno.test("divergence: explode uses the operator's separator", async (t) => {
  await t.step("{?list*}", () => {
    const options = { list: ["a", "b"] };
    assert.equal(url(octokit, "GET /r{?list*}", options), "https://api.github.com/r?list=a,list=b");
    assert.equal(url(ours, "GET /r{?list*}", options), "https://api.github.com/r?list=a&list=b");
  });
  await t.step("{/list*}", () => {
    const options = { list: ["a", "b"] };
    assert.equal(url(octokit, "GET /r{/list*}", options), "https://api.github.com/r/a,b");
    assert.equal(url(ours, "GET /r{/list*}", options), "https://api.github.com/r/a/b");
  });
});

Deno.test("divergence: undefined variables emit no separator and no operator prefix", async (t) => {
  await t.step("a missing first variable", () => {
    const route = "POST /repos/o/r/actions/caches{?key,ref}";
    assert.equal(
      url(octokit, route, { ref: "main" }),
      "https://api.github.com/repos/o/r/actions/caches?&ref=main",
    );
    assert.equal(
      url(ours, route, { ref: "main" }),
      "https://api.github.com/repos/o/r/actions/caches?ref=main",
    );
  });
  await t.step("every variable missing", () => {
    const route = "POST /orgs/o/attestations/bulk-list{?per_page,before,after}";
    assert.equal(url(octokit, route), "https://api.github.com/orgs/o/attestations/bulk-list?&&");
    assert.equal(url(ours, route), "https://api.github.com/orgs/o/attestations/bulk-list");
  });
  await t.step("{.format} undefined", () => {
    assert.equal(url(octokit, "GET /x{.format}"), "https://api.github.com/x.");
    assert.equal(url(ours, "GET /x{.format}"), "https://api.github.com/x");
  });
  await t.step("{?list} with an empty list", () => {
    assert.equal(url(octokit, "GET /x{?list}", { list: [] }), "https://api.github.com/x?list=");
    assert.equal(url(ours, "GET /x{?list}", { list: [] }), "https://api.github.com/x");
  });
});

Deno.test("divergence: prefixes count code points", () => {
  const options = { a: "\u{1F600}b" };
  assert.throws(() => octokit("GET /r/{a:1}", options), URIError);
  assert.equal(url(ours, "GET /r/{a:1}", options), "https://api.github.com/r/%F0%9F%98%80");
  // A pair counts once, a lone surrogate (encoded as U+FFFD) once, and the cut can end on a pair.
  const mixed = { a: "x\u{1F600}\ud800y\u{1F600}z" };
  assert.equal(url(ours, "GET /r/{a:2}", mixed), "https://api.github.com/r/x%F0%9F%98%80");
  assert.equal(url(ours, "GET /r/{a:3}", mixed), "https://api.github.com/r/x%F0%9F%98%80%EF%BF%BD");
  assert.equal(
    url(ours, "GET /r/{a:5}", mixed),
    "https://api.github.com/r/x%F0%9F%98%80%EF%BF%BDy%F0%9F%98%80",
  );
});

Deno.test("divergence: a % without two hex digits is encoded in {+var} and {#var}", () => {
  assert.equal(url(octokit, "GET /r/{+a}", { a: "%foo" }), "https://api.github.com/r/%foo");
  assert.equal(url(ours, "GET /r/{+a}", { a: "%foo" }), "https://api.github.com/r/%25foo");
  assert.equal(url(ours, "GET /r/{+a}", { a: "%2F" }), "https://api.github.com/r/%2F");
});

Deno.test("divergence: {a:3} and {?a*,b} take a out of the remaining parameters", () => {
  assert.equal(
    url(octokit, "GET /r/{a:3}", { a: "abcdef" }),
    "https://api.github.com/r/abc?a=abcdef",
  );
  assert.equal(url(ours, "GET /r/{a:3}", { a: "abcdef" }), "https://api.github.com/r/abc");
  const options = { a: [1, 2], b: 2 };
  assert.equal(
    url(octokit, "GET /r{?a*,b}", options),
    "https://api.github.com/r?a=1,a=2&b=2&a=1%2C2",
  );
  assert.equal(url(ours, "GET /r{?a*,b}", options), "https://api.github.com/r?a=1&a=2&b=2");
});

Deno.test("divergence: :name placeholders are converted in the path only", () => {
  const route = "GET https://user:secret@ghe.example:8443/api/:version/x";
  assert.equal(url(octokit, route, { version: "v3" }), "https://user@ghe.example:8443/api/v3/x");
  assert.equal(
    url(ours, route, { version: "v3" }),
    "https://user:secret@ghe.example:8443/api/v3/x",
  );
  assert.equal(
    url(octokit, "GET http://localhost:abc/a", { abc: "Z" }),
    "http://localhostZ/a",
  );
  assert.equal(
    url(ours, "GET http://localhost:abc/a", { abc: "Z" }),
    "http://localhost:abc/a?abc=Z",
  );
});

Deno.test("divergence: :name is a placeholder only where it starts a path segment (Google custom methods)", () => {
  const route = "POST /v1/projects/-/serviceAccounts/{sa}:generateIdToken";
  const options = { sa: "a@b.iam.gserviceaccount.com", audience: "x" };
  assert.equal(
    url(octokit, route, options),
    "https://api.github.com/v1/projects/-/serviceAccounts/a%40b.iam.gserviceaccount.com",
  );
  assert.equal(
    url(ours, route, options),
    "https://api.github.com/v1/projects/-/serviceAccounts/a%40b.iam.gserviceaccount.com:generateIdToken",
  );
  assert.equal(
    url(octokit, "POST /v1/{+resource}:setIamPolicy", { resource: "projects/p" }),
    "https://api.github.com/v1/projects/p",
  );
  assert.equal(
    url(ours, "POST /v1/{+resource}:setIamPolicy", { resource: "projects/p" }),
    "https://api.github.com/v1/projects/p:setIamPolicy",
  );
});

Deno.test("divergence: a default preview the call repeats without -preview appears once", () => {
  const defaults = { mediaType: { previews: ["jean-grey-preview", "symmetra"] } };
  const call = { mediaType: { previews: ["jean-grey"] } };
  const previews = (derived: typeof ours) =>
    (derived.merge("POST /graphql", call) as { mediaType: { previews: unknown } }).mediaType
      .previews;
  assert.deepEqual(previews(octokit.defaults(defaults)), ["jean-grey", "symmetra", "jean-grey"]);
  assert.deepEqual(previews(ours.defaults(defaults)), ["symmetra", "jean-grey"]);
});

Deno.test("divergence: header values in the result are strings", () => {
  const options = { headers: { "x-count": 3, "x-null": null } };
  const pick = (result: { headers: Record<string, unknown> }) => [
    result.headers["x-count"],
    result.headers["x-null"],
  ];
  assert.deepEqual(pick(octokit("GET /x", options)), [3, null]);
  assert.deepEqual(pick(ours("GET /x", options)), ["3", "null"]);
});

Deno.test("divergence: -preview suffixes are normalised for any URL ending in /graphql", () => {
  const options = { query: "{}", mediaType: { previews: ["symmetra-preview"] } };
  const route = "POST https://ghe.example/api/graphql";
  assert.equal(
    octokit(route, options).headers.accept,
    "application/vnd.github.symmetra-preview-preview+json",
  );
  assert.equal(ours(route, options).headers.accept, "application/vnd.github.symmetra-preview+json");
});

Deno.test("divergence: merging never mutates DEFAULTS", () => {
  const octokitDerived = octokit.defaults({ mediaType: { previews: ["foo-preview"] } });
  const oursDerived = ours.defaults({ mediaType: { previews: ["foo-preview"] } });
  octokitDerived("POST /graphql", { query: "{}" });
  oursDerived("POST /graphql", { query: "{}" });
  const previews = (derived: unknown) =>
    (derived as { DEFAULTS: { mediaType: { previews: unknown } } }).DEFAULTS.mediaType.previews;
  assert.deepEqual(previews(octokitDerived), ["foo"]);
  assert.deepEqual(previews(oursDerived), ["foo-preview"]);
});

Deno.test("divergence: a non-string q is stringified", () => {
  assert.throws(() => octokit("GET /search/issues", { q: 42 }), TypeError);
  assert.equal(
    url(ours, "GET /search/issues", { q: 42 }),
    "https://api.github.com/search/issues?q=42",
  );
});

Deno.test("divergence: query keys are percent-encoded", () => {
  const options = { "a b": 1, "c[]": 2 };
  assert.equal(url(octokit, "GET /x", options), "https://api.github.com/x?a b=1&c[]=2");
  assert.equal(url(ours, "GET /x", options), "https://api.github.com/x?a%20b=1&c%5B%5D=2");
});

Deno.test("divergence: __proto__, constructor and prototype keys are dropped when merging", async (t) => {
  // Deno has no Object.prototype.__proto__ accessor, so octokit keeps `__proto__` as a key
  // there; in Node it changes the prototype of octokit's internal copies instead.
  await t.step("parameters", () => {
    const options = JSON.parse('{"__proto__":{"x":1},"constructor":"c","prototype":"p","a":1}');
    assert.match(url(octokit, "GET /x", options) as string, /constructor=c&prototype=p&a=1$/);
    assert.equal(url(ours, "GET /x", options), "https://api.github.com/x?a=1");
  });
  await t.step("headers", () => {
    const options = JSON.parse('{"headers":{"__proto__":{"polluted":"yes"}}}');
    const octokitHeaders = octokit("GET /x", options).headers;
    assert.ok(Object.hasOwn(octokitHeaders, "__proto__") || octokitHeaders.accept === undefined);
    assert.deepEqual(ours("GET /x", options).headers, endpoint.DEFAULTS.headers);
  });
});

Deno.test("divergence: the user-agent names this package and the runtime", () => {
  assert.match(
    octokit("GET /").headers["user-agent"] as string,
    /^octokit-endpoint\.js\/0\.0\.0-development /,
  );
  assert.equal(
    ours("GET /").headers["user-agent"],
    `${PACKAGE_NAME}/${VERSION} Deno/${Deno.version.deno}`,
  );
});

// Consequences of RFC 6570 done right that octokit's vendored expander gets wrong silently.

Deno.test("divergence: malformed templates throw UriTemplateError instead of a broken URL", async (t) => {
  const cases: [string, string][] = [
    ["/x/{a", "https://api.github.com/x/{a?a=1"],
    ["/x/{ a }", "https://api.github.com/x"],
    ["/x/{=a}", "https://api.github.com/x"],
  ];
  for (const [template, octokitUrl] of cases) {
    await t.step(template, () => {
      const options = { method: "GET", url: template, a: 1 };
      assert.equal(url(octokit, options), octokitUrl);
      assert.throws(() => ours(options), UriTemplateError);
    });
  }
});

Deno.test("divergence: lone surrogates are encoded as U+FFFD instead of throwing URIError", () => {
  const options = { name: "a\uD800b" };
  assert.throws(() => octokit("GET /x/{name}", options), URIError);
  assert.equal(url(ours, "GET /x/{name}", options), "https://api.github.com/x/a%EF%BF%BDb");
  assert.throws(() => octokit("GET /x", options), URIError);
  assert.equal(url(ours, "GET /x", options), "https://api.github.com/x?name=a%EF%BF%BDb");
});
