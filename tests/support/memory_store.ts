// A token store in memory for unit tests: its values, and every write with its TTL.
import type { TokenStore } from "../../auth/token_store/mod.ts";

/** One `set` call the store received. */
export interface StoreWrite {
  key: string;
  value: string;
  ttl: number;
}

/** A store over `values` that records each write in `writes`. */
export function memoryStore(): {
  store: TokenStore;
  values: Map<string, string>;
  writes: StoreWrite[];
} {
  const values = new Map<string, string>();
  const writes: StoreWrite[] = [];
  const store: TokenStore = {
    get: (key) => Promise.resolve(values.get(key)),
    set(key, value, ttl) {
      values.set(key, value);
      writes.push({ key, value, ttl });
      return Promise.resolve();
    },
  };
  return { store, values, writes };
}
