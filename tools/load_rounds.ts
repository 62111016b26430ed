// Rounds of concurrent WIF + service account flows, each against a fresh emulator: the flows of a
// round must not cross-talk (a flow holding a token minted for another flow's request), and, run
// as a program with the GC exposed, the heap after GC must stay flat across rounds.
//
// The suite runs one small round in process (tests/auth/authenticate/authenticate_test.ts); the bench runs this file as a program
// for the full figures: `deno run -A --v8-flags=--expose-gc tools/load_rounds.ts <rounds> <flows>`
// prints one JSON line per round (seconds, peak RSS, heap after GC, the cross-talk found).
import { authenticate, type AuthenticateResult } from "../auth/mod.ts";
import { type Emulator, startEmulator } from "../emulator/mod.ts";
import { wifOptions } from "./emulator_calls.ts";

/** What one round measured. */
export interface Round {
  seconds: number;
  peakRss: number;
  /** The heap after a forced GC; 0 when the GC is not exposed. */
  heapAfterGc: number;
  /** Cross-talk found, at most five lines. */
  problems: string[];
}

/**
 * What is wrong with the results of one round: tokens shared between flows, or a flow holding a
 * token minted for another flow's request reason or another principal.
 */
function crossTalk(emulator: Emulator, results: AuthenticateResult[]): string[] {
  const problems: string[] = [];
  const distinct = (pick: (r: AuthenticateResult) => unknown) =>
    new Set(results.map(pick)).size === results.length;
  if (!distinct((r) => r.authToken)) problems.push("two flows got the same STS token");
  if (!distinct((r) => r.accessToken)) problems.push("two flows got the same access token");
  if (emulator.requests.length !== results.length * 3) {
    problems.push(`${emulator.requests.length} requests for ${results.length} flows of 3 calls`);
  }
  results.forEach((result, i) => {
    const auth = emulator.tokenInfo(result.authToken);
    const access = emulator.tokenInfo(result.accessToken ?? "");
    if (auth?.requestReason !== `flow-${i}`) problems.push(`flow ${i}: STS token of another flow`);
    if (access?.requestReason !== `flow-${i}` || access.principal !== emulator.serviceAccount) {
      problems.push(`flow ${i}: access token of another flow or principal`);
    }
  });
  return problems.slice(0, 5);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Runs `flows` concurrent flows against a fresh emulator and checks them for cross-talk. */
export async function runRound(flows: number): Promise<Round> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const emulator = await startEmulator();
  let peakRss = 0;
  const sampler = setInterval(() => peakRss = Math.max(peakRss, Deno.memoryUsage().rss), 5);
  const start = performance.now();
  let problems: string[];
  try {
    const results = await Promise.all(
      Array.from({ length: flows }, (_, i) =>
        authenticate(wifOptions(emulator, {
          requestReason: `flow-${i}`,
          timeoutMs: 30_000,
          retry: { budgetMs: 60_000 },
        }))),
    );
    problems = crossTalk(emulator, results);
  } finally {
    clearInterval(sampler);
    await emulator.close();
  }
  const seconds = (performance.now() - start) / 1000;
  if (gc === undefined) return { seconds, peakRss, heapAfterGc: 0, problems };
  await settle();
  gc();
  await settle();
  gc();
  return { seconds, peakRss, heapAfterGc: Deno.memoryUsage().heapUsed, problems };
}

if (import.meta.main) {
  if ((globalThis as { gc?: () => void }).gc === undefined) {
    throw new Error("run with --v8-flags=--expose-gc");
  }
  const [rounds = 3, flows = 1000] = Deno.args.map(Number);
  for (let round = 1; round <= rounds; round++) {
    console.log(JSON.stringify({ round, flows, ...await runRound(flows) }));
  }
}
