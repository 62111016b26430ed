// RSA key pairs for emulators, pooled per process: making one takes about 100 ms, and a test
// suite starts dozens of emulators. An emulator takes its keys from the pool (making any that are
// missing, side by side) and gives them back when it closes, so two emulators alive at once never
// share a key, while the next emulator to start reuses the key pairs of one that closed (under a
// new key id) instead of making new ones.

/** An RSA signing key with its id. */
export interface _SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

type _KeyPair = Omit<_SigningKey, "kid">;

/** The most key pairs the pool keeps; more given back are dropped. */
const MAX_POOLED = 64;
const _pool: _KeyPair[] = [];

/** A random lowercase hex id of `bytes` bytes. */
export function _randomId(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Takes a key pair from the pool, or makes one, under a new key id. */
export async function _takeKey(): Promise<_SigningKey> {
  const pair = _pool.pop() ?? await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );
  return { kid: _randomId(20), privateKey: pair.privateKey, publicKey: pair.publicKey };
}

/** Gives keys back to the pool once their emulator is closed. */
export function _giveBack(keys: readonly _SigningKey[]): void {
  for (const { privateKey, publicKey } of keys) {
    if (_pool.length < MAX_POOLED) _pool.push({ privateKey, publicKey });
  }
}
