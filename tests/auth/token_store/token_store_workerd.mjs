// One isolate's first bearer through a shared token store, as a Worker for `workerd test`: the key
// comes in the KEY binding, STORE names the store ("kv": the KV binding, "cache":
// caches.default; "floor": the KV binding read once, no token: what reading any shared store costs
// at least). Prints `token <token>` (an emulator token; for "floor", the read's `null`) and how many times this
// isolate ran (`runs`, 1 in a fresh isolate); given CLOCK (the bench's), also how long the first
// bearer took (`ms`) and the clock round trip taken off it (`clock`).
import { credentialsFromJson } from "../../../auth/mod.ts";
import { cacheApiTokenStore, kvTokenStore } from "../../../auth/token_store/mod.ts";

const runs = (globalThis.tokenStoreRuns = (globalThis.tokenStoreRuns ?? 0) + 1);

/** The host's `performance.now()`, read from the bench's loopback clock server at `url`. */
async function hostNow(url) {
  return Number(await (await fetch(url)).text());
}

export default {
  /** @param {unknown} _controller @param {{ KEY: string, STORE: string, KV: any, CLOCK?: string }} env */
  async test(_controller, env) {
    const tokenStore = env.STORE === "kv"
      ? kvTokenStore(env.KV)
      : env.STORE === "cache"
      ? cacheApiTokenStore()
      : undefined;
    // workerd's own clock stands still between I/O and counts whole ms (Spectre mitigations; see
    // bench/edge_figures.ts), so the RS256 signature would not count: the host's clock times the
    // bearer instead, less one clock round trip (t1 - t0) measured the same way.
    const clock = env.CLOCK === undefined ? undefined : () => hostNow(env.CLOCK);
    const t0 = await clock?.();
    const t1 = await clock?.();
    const credentials = credentialsFromJson(env.KEY, { tokenStore });
    const token = env.STORE === "floor"
      ? await env.KV.get("floor")
      : (await credentials.getAccessToken()).token;
    const t2 = await clock?.();
    const timing = clock ? `\nms ${t2 - t1 - (t1 - t0)}\nclock ${t1 - t0}` : "";
    console.log(`token ${token}\nruns ${runs}${timing}`);
  },
};
