/**
 * Compiled templates are cached: parseTemplate() and endpoint()'s route templates compile a
 * template once, in a bounded cache that evicts its oldest entry and never stores very long keys.
 */
import assert from "node:assert/strict";
import { parseTemplate } from "../../endpoint/mod.ts";
import { BoundedCache } from "../../endpoint/_bounded_cache.ts";
import { routeTemplate } from "../../endpoint/_route_template.ts";

Deno.test("parseTemplate() returns the cached compiled template for a template seen before", () => {
  const template = "/repos/{owner}/{repo}/issues{?state,labels*}";
  assert.equal(parseTemplate(template), parseTemplate(template));
  assert.notEqual(parseTemplate(template), parseTemplate(template + "{#x}"));
  const long = "/x" + "{a}".repeat(1000);
  assert.notEqual(parseTemplate(long), parseTemplate(long));
  assert.equal(parseTemplate(long).expand({ a: 1 }), "/x" + "1".repeat(1000));
});

Deno.test("endpoint() compiles each route template once", () => {
  const url = "/repos/{owner}/{repo}/branches/{branch}/protection";
  assert.equal(routeTemplate(url), routeTemplate(url));
  assert.deepEqual([...routeTemplate(url).variableNames], ["owner", "repo", "branch"]);
});

Deno.test("BoundedCache computes a value once, evicts the oldest, and skips long keys", () => {
  const created: string[] = [];
  const create = (key: string) => {
    created.push(key);
    return { key };
  };
  const cache = new BoundedCache<{ key: string }>(2, 5);
  const a = cache.getOrCreate("a", create);
  assert.equal(cache.getOrCreate("a", create), a);
  cache.getOrCreate("b", create);
  cache.getOrCreate("c", create);
  assert.equal(cache.size, 2);
  assert.notEqual(cache.getOrCreate("a", create), a);
  assert.deepEqual(created, ["a", "b", "c", "a"]);
  cache.getOrCreate("longer", create);
  cache.getOrCreate("longer", create);
  assert.equal(cache.size, 2);
  assert.deepEqual(created.slice(4), ["longer", "longer"]);
});
