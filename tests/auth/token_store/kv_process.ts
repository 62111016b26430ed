// One process's first bearer through a Deno KV file shared with other processes: args are the
// KV path and the key JSON. Prints `token <token>` (an emulator token).
import { credentialsFromJson } from "../../../auth/mod.ts";
import { denoKvTokenStore } from "../../../auth/token_store/mod.ts";

const [path, key] = Deno.args;
const kv = await Deno.openKv(path);
try {
  const credentials = credentialsFromJson(key!, { tokenStore: denoKvTokenStore(kv) });
  console.log(`token ${(await credentials.getAccessToken()).token}`);
} finally {
  kv.close();
}
