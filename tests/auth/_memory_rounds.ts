// Runs rounds of 1,000 concurrent WIF + service account flows against a fresh emulator each and
// prints one JSON line per round: seconds, peak RSS and the heap after a forced GC. Run with
// `--v8-flags=--expose-gc` (the memory test in emulator_flows_test.ts does).
import { authenticate } from "../../auth/mod.ts";
import { startEmulator } from "../../emulator/mod.ts";
import { wifOptions } from "../emulator/_calls.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc");
const [rounds = 3, flows = 1000] = Deno.args.map(Number);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

for (let round = 1; round <= rounds; round++) {
  const emulator = await startEmulator();
  let peakRss = 0;
  const sampler = setInterval(() => peakRss = Math.max(peakRss, Deno.memoryUsage().rss), 5);
  const start = performance.now();
  try {
    await Promise.all(Array.from({ length: flows }, (_, i) =>
      authenticate(wifOptions(emulator, {
        requestReason: `flow-${i}`,
        timeoutMs: 30_000,
        retry: { budgetMs: 60_000 },
      }))));
  } finally {
    clearInterval(sampler);
    await emulator.close();
  }
  const seconds = (performance.now() - start) / 1000;
  await settle();
  gc();
  await settle();
  gc();
  console.log(
    JSON.stringify({ round, flows, seconds, peakRss, heapAfterGc: Deno.memoryUsage().heapUsed }),
  );
}
