// Cross-talk under concurrency: one round of 100 concurrent authenticate() flows against the
// emulator, in process. The full load figures (3 rounds of 1,000 flows, peak RSS and a flat heap
// after GC) are in bench/auth_load_bench.ts: they take a minute of both cores.
import assert from "node:assert/strict";
import { runRound } from "../../../tools/load_rounds.ts";

Deno.test("authenticate() runs 100 concurrent flows with no cross-talk", async () => {
  const round = await runRound(100);
  assert.deepEqual(round.problems, []);
});
