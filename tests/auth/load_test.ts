// Load: three rounds of 1,000 concurrent authenticate() flows against the emulator, in a
// subprocess with the GC exposed. Each round must finish with no cross-talk, and the heap after
// GC must stay flat across rounds.
import assert from "node:assert/strict";

interface Round {
  seconds: number;
  peakRss: number;
  heapAfterGc: number;
  problems: string[];
}

const FLOWS = 1000;

Deno.test("authenticate() runs 3 rounds of 1,000 concurrent flows with no cross-talk and flat memory", async () => {
  const { stdout, success } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL("./_load_rounds.ts", import.meta.url).pathname,
      "3",
      String(FLOWS),
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(success, "the load rounds ran to the end");
  const rounds = new TextDecoder().decode(stdout).trim().split("\n").map((line) =>
    JSON.parse(line) as Round
  );
  assert.equal(rounds.length, 3);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  for (const [i, round] of rounds.entries()) {
    console.log(
      `round ${i + 1}: ${FLOWS} concurrent WIF + service account flows (3 calls each) in ` +
        `${round.seconds.toFixed(2)} s (${(FLOWS / round.seconds).toFixed(0)} flows/s), ` +
        `peak rss ${mib(round.peakRss)}, heap after GC ${mib(round.heapAfterGc)}`,
    );
    assert.deepEqual(round.problems, [], `cross-talk in round ${i + 1}`);
  }
  // A leak of even 4 KiB per flow would add 8 MiB over the two later rounds.
  const growth = rounds[2]!.heapAfterGc - rounds[0]!.heapAfterGc;
  assert.ok(growth < 4 * 2 ** 20, `heap after GC grew by ${mib(growth)}`);
});
