/**
 * Property-based differential test (fast-check, fixed seed): random options, headers, data,
 * request, mediaType and defaults cascades give the same request options from ours and from
 * @octokit/endpoint (default user-agents aside), or both throw; so do `merge()` and `parse()` of
 * octokit's merged options, and merging our merged options again changes nothing. Inputs stay inside
 * the region where the design allows no divergence; each divergence has its own test in
 * divergences_test.ts.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { endpoint } from "../../endpoint/mod.ts";
import {
  assertSameCall,
  GITHUB_ROUTES,
  loosely,
  octokitEndpoint,
} from "../support/differential.ts";

const SEED = 20260611;
const RUNS = 4000;

// Routes whose templates are simple `{name}` expressions only (query templates diverge by design
// when a variable is missing), plus GraphQL and full URLs.
const ROUTES = [
  ...new Set(GITHUB_ROUTES.map(({ route }) => route).filter((route) => !route.includes("{?"))),
  "POST /graphql",
  "GET https://codeload.github.com/{owner}/{repo}/legacy.tar.gz/{ref}",
  "/repos/{owner}/{repo}/",
  "/",
];
const PARAMETER_NAMES = [
  "owner",
  "repo",
  "org",
  "ref",
  "path",
  "per_page",
  "page",
  "state",
  "title",
  "body",
  "data",
  "labels",
  "q",
  "name",
  "issue_number",
  "x-custom.key_1",
];
const HEADER_NAMES = [
  "accept",
  "Accept",
  "ACCEPT",
  "user-agent",
  "User-Agent",
  "content-type",
  "Content-Type",
  "authorization",
  "X-GitHub-Api-Version",
  "x-github-api-version",
];
const METHODS = ["GET", "get", "POST", "post", "PUT", "Patch", "DELETE", "HEAD", "OPTIONS"];

const text = fc.string({ unit: "grapheme", maxLength: 12 });
const scalar = fc.oneof(
  text,
  fc.constantFrom("a b/c?d#e%20&f+g!'()*~._-é", "100%", "", "+", "a+b c:d"),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.bigInt(),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(scalar, fc.constant(null)), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom("a", "b", "list"), fc.oneof(scalar, fc.array(scalar))),
  },
  { weight: 1, arbitrary: fc.constant(new Date(0)) },
);
const parameters = fc.dictionary(fc.constantFrom(...PARAMETER_NAMES), value, { maxKeys: 6 })
  .map((record) => {
    // A non-string `q` is a documented divergence (ours stringifies it, octokit throws).
    if ("q" in record && typeof record.q !== "string") delete record.q;
    return record;
  });
const headers = fc.dictionary(
  fc.constantFrom(...HEADER_NAMES),
  fc.oneof(
    fc.constantFrom(
      "application/vnd.github.v3+json",
      "application/vnd.github+json",
      "application/octet-stream",
      "application/vnd.github.squirrel-girl-preview+json,application/vnd.foo-preview",
      "text/plain",
      "",
    ),
    text,
    fc.integer(),
    fc.constantFrom(undefined, null),
  ),
  { maxKeys: 4 },
);
const mediaType = fc.record({
  format: fc.constantFrom("", "raw", "diff", "full+json", "text+json"),
  previews: fc.array(fc.constantFrom("symmetra", "jean-grey-preview", "squirrel-girl"), {
    maxLength: 2,
  }),
}, { requiredKeys: [] });
const request = fc.record({
  timeout: fc.integer({ min: 0, max: 1000 }),
  retries: fc.record({ count: fc.integer({ min: 0, max: 3 }) }),
  tags: fc.array(text, { maxLength: 2 }),
}, { requiredKeys: [] });
const reserved = fc.record({
  headers,
  mediaType,
  request,
  baseUrl: fc.constantFrom("https://ghe.example/api/v3", "https://api.github.com", ""),
  data: value,
}, { requiredKeys: [] });
const options = fc.tuple(parameters, reserved).map(([rest, known]) => ({ ...rest, ...known }));
const call = fc.record({
  route: fc.constantFrom(...ROUTES),
  method: fc.option(fc.constantFrom(...METHODS), { nil: undefined }),
  options,
  defaults: fc.array(options, { maxLength: 2 }),
  objectForm: fc.boolean(),
});

/**
 * octokit's own defaults as they were before any call: a `/graphql` call writes `previews: []`
 * into them (a divergence, docs/endpoint.md), which later merges would then carry.
 */
const OCTOKIT_MEDIA_TYPE = structuredClone(octokitEndpoint.DEFAULTS.mediaType);

Deno.test("endpoint(), merge() and parse() match @octokit/endpoint on random options and defaults cascades", () => {
  fc.assert(
    fc.property(call, ({ route, method, options, defaults, objectForm }) => {
      octokitEndpoint.DEFAULTS.mediaType = structuredClone(OCTOKIT_MEDIA_TYPE);
      let ours = loosely(endpoint);
      let octokit = loosely(octokitEndpoint);
      for (const level of defaults) {
        ours = ours.defaults(structuredClone(level));
        octokit = octokit.defaults(structuredClone(level));
      }
      const callOptions: Record<string, unknown> = method ? { ...options, method } : options;
      const [first, second] = objectForm
        ? [{ ...callOptions, url: route.replace(/^[A-Z]+ /, "") }, undefined]
        : [route, callOptions];
      const context = JSON.stringify({ route, method, objectForm });
      assertSameCall(ours, octokit, first, second, context);
      const merged = assertSameCall(ours, octokit, first, second, `${context}: merge()`, "merge");
      // merge() is idempotent (@octokit/request merges again whenever a hook is set); contents are
      // compared, as merging again copies null-prototype objects from defaults into plain ones.
      if (merged !== undefined) {
        assert.deepStrictEqual(
          structuredClone(ours.merge(merged)),
          structuredClone(merged),
          `${context}: merge(merge())`,
        );
      }
      // parse() of what octokit merged: each parser on the same input.
      const octokitMerged = octokit.merge(structuredClone(first), structuredClone(second));
      if (merged !== undefined) {
        assertSameCall(ours, octokit, octokitMerged, undefined, `${context}: parse()`, "parse");
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
