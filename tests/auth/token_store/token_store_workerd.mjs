// One isolate's first bearer through a shared token store, as a Worker for `workerd test`: the key
// comes in the KEY binding, STORE names the store ("kv": the KV binding, "cache":
// caches.default). Prints `token <token>` (an emulator token), how many times this isolate ran
// (`runs`, 1 in a fresh isolate) and how long the first bearer took (`ms`, for the bench).
import { credentialsFromJson } from "../../../auth/mod.ts";
import { cacheApiTokenStore, kvTokenStore } from "../../../auth/token_store/mod.ts";

const runs = (globalThis.tokenStoreRuns = (globalThis.tokenStoreRuns ?? 0) + 1);

export default {
  /** @param {unknown} _controller @param {{ KEY: string, STORE: string, KV: any }} env */
  async test(_controller, env) {
    const tokenStore = env.STORE === "kv"
      ? kvTokenStore(env.KV)
      : env.STORE === "cache"
      ? cacheApiTokenStore()
      : undefined;
    const started = performance.now();
    const credentials = credentialsFromJson(env.KEY, { tokenStore });
    const { token } = await credentials.getAccessToken();
    // workerd's clock advances with I/O only, which is what the bearer's cost is here.
    console.log(`token ${token}\nruns ${runs}\nms ${performance.now() - started}`);
  },
};
