// Tokens shared across 20 fresh isolates in workerd (each a service of its own), through one
// KV namespace and then the Cache API (tests/support/workerd_store.ts stands behind both): the
// emulator mints once (twice at most, for a race of the first two), and what the store holds
// never contains the token.
import assert from "node:assert/strict";
import { startEmulator } from "../../../emulator/mod.ts";
import { required, workerd } from "../../../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "../../support/skip.ts";
import { runInWorkerd } from "../../../tools/workerd.ts";
import { startWorkerdStore } from "../../../tools/workerd_store.ts";
import { assertHoldsNoToken } from "../../support/token_encodings.ts";

const workerdRuntime = await workerd();
const ISOLATES = 20;

for (const store of ["kv", "cache"]) {
  Deno.test(skippedWhen(runtimeMissing(workerdRuntime, "workerd"), {
    name: `${ISOLATES} fresh isolates in workerd share one token through ${
      store === "kv" ? "Workers KV" : "the Cache API"
    }`,
    fn: async () => {
      await using emulator = await startEmulator();
      const shared = startWorkerdStore();
      try {
        const key = await emulator.serviceAccountKey();
        const output = await runInWorkerd(required(workerdRuntime, "workerd"), {
          entry: "tests/auth/token_store/token_store_workerd.mjs",
          bindings: { KEY: key, STORE: store },
          noNodeCompat: true,
          shared: { isolates: ISOLATES, store: shared.address },
        });
        const tokens = [...output.matchAll(/^token (\S+)$/gm)].map((m) => m[1]!);
        const runs = [...output.matchAll(/^runs (\d+)$/gm)].map((m) => m[1]);
        assert.equal(tokens.length, ISOLATES, output);
        assert.deepEqual(runs, Array(ISOLATES).fill("1"), "each isolate is fresh");
        const minted = emulator.requests.filter((r) => r.route === "oauth2Token").length;
        assert.ok(minted >= 1 && minted <= 2, `minted ${minted}`);
        assert.ok(new Set(tokens).size <= minted);
        assert.ok(shared.written.length >= 1);
        for (const token of new Set(tokens)) assertHoldsNoToken(shared.written, token);
      } finally {
        await shared.close();
      }
    },
  }));
}
