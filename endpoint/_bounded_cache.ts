// A size-capped cache for compiled templates: once full, the oldest entry makes room for the new
// one, so callers that build endless distinct URLs cannot grow memory without limit.

/** A string-keyed cache that holds at most `capacity` entries of keys up to `maxKeyLength`. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;
  readonly #maxKeyLength: number;

  constructor(capacity: number, maxKeyLength: number) {
    this.#capacity = capacity;
    this.#maxKeyLength = maxKeyLength;
  }

  /** The cached value for `key`, computing and (if the key is short enough) storing it on a miss. */
  getOrCreate(key: string, create: (key: string) => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const value = create(key);
    if (key.length <= this.#maxKeyLength) {
      if (this.#entries.size >= this.#capacity) {
        const oldest = this.#entries.keys().next();
        if (!oldest.done) this.#entries.delete(oldest.value);
      }
      this.#entries.set(key, value);
    }
    return value;
  }

  /** How many entries are cached. */
  get size(): number {
    return this.#entries.size;
  }
}
