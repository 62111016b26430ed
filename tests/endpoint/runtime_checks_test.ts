import assert from "node:assert/strict";
import check from "../runtime/endpoint_checks.mjs";
import * as endpointModule from "../../endpoint/mod.ts";

Deno.test("tests/runtime/endpoint_checks.mjs passes under Deno on the sources", async () => {
  assert.equal(await check(endpointModule), 8);
});
