// RSA key pairs for emulators, pooled per process: making one is slow (docs/emulator.md, "Bounded
// memory", has the figure), and a test suite starts dozens of emulators. An emulator takes its keys
// from the pool (making any that are missing, side by side) and gives them back when it closes, so
// two emulators alive at once never share a key, while the next emulator to start reuses the key
// pairs of one that closed (under a new key id) instead of making new ones. A suite that starts
// emulators in many processes can also start every pool from one file of key pairs made beforehand:
// GCP_OIDC_EMULATOR_KEYS.
import { readFileSync } from "node:fs";
import process from "node:process";

/** An RSA signing key with its id. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

type KeyPair = Omit<SigningKey, "kid">;

/** The environment variable naming a JWK Set of RSA private keys the pool starts with. */
export const KEYS_VARIABLE = "GCP_OIDC_EMULATOR_KEYS";

/** The most key pairs the pool keeps; more given back are dropped. */
const MAX_POOLED = 64;
/** The size of Google's and GitHub's signing keys; the emulator uses no weaker ones. */
const MODULUS_LENGTH = 2048;
const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

const pool: KeyPair[] = [];
let seeded: Promise<void> | undefined;

/** A random lowercase hex id of `bytes` bytes. */
export function randomId(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function makeKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(
    { ...ALGORITHM, modulusLength: MODULUS_LENGTH, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ["sign", "verify"],
  );
}

/** Takes a key pair from the pool, or makes one, under a new key id. */
export async function takeKey(): Promise<SigningKey> {
  await (seeded ??= seedFromFile());
  const pair = pool.pop() ?? await makeKeyPair();
  return { kid: randomId(20), privateKey: pair.privateKey, publicKey: pair.publicKey };
}

/** Gives keys back to the pool once their emulator is closed. */
export function giveBack(keys: readonly SigningKey[]): void {
  for (const { privateKey, publicKey } of keys) {
    if (pool.length < MAX_POOLED) pool.push({ privateKey, publicKey });
  }
}

/**
 * A JWK Set (`{ "keys": [...] }`) of `count` new RSA private keys, the file
 * {@linkcode KEYS_VARIABLE} names.
 */
export async function makeKeySet(count: number): Promise<{ keys: JsonWebKey[] }> {
  const pairs = await Promise.all(Array.from({ length: count }, makeKeyPair));
  const keys = await Promise.all(
    pairs.map((pair) => crypto.subtle.exportKey("jwk", pair.privateKey)),
  );
  return {
    keys: keys.map(({ kty, n, e, d, p, q, dp, dq, qi }) => ({ kty, n, e, d, p, q, dp, dq, qi })),
  };
}

/** The value of {@linkcode KEYS_VARIABLE}, read only where reading it needs no prompt. */
function keysFile(): string | undefined {
  const deno = (globalThis as {
    Deno?: {
      permissions: { querySync(descriptor: { name: "env"; variable: string }): { state: string } };
    };
  }).Deno;
  if (deno?.permissions.querySync({ name: "env", variable: KEYS_VARIABLE }).state === "prompt") {
    return undefined;
  }
  try {
    return process.env[KEYS_VARIABLE] || undefined;
  } catch {
    return undefined;
  }
}

async function seedFromFile(): Promise<void> {
  const path = keysFile();
  if (path !== undefined) pool.push(...(await keyPairsFromFile(path)).slice(0, MAX_POOLED));
}

/**
 * The key pairs of the JWK Set file at `path` (what {@linkcode KEYS_VARIABLE} names); rejects with
 * an error that names the variable and says why, without key material.
 */
export async function keyPairsFromFile(path: string): Promise<CryptoKeyPair[]> {
  const fail = (why: string): never => {
    throw new Error(
      `Cannot use ${KEYS_VARIABLE}=${JSON.stringify(path)}: ${why}. Point it at a JWK Set of ` +
        `RSA private keys of ${MODULUS_LENGTH} bits or more (gcp-oidc-emulator --make-keys 24 ` +
        `prints one), or unset it to make keys as needed`,
    );
  };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return fail(`the file cannot be read (${(error as Error).message})`);
  }
  let keys: unknown;
  try {
    keys = (JSON.parse(text) as { keys?: unknown } | null)?.keys;
  } catch {
    return fail("the file is not JSON");
  }
  if (!Array.isArray(keys)) return fail('the file has no "keys" array');
  return await Promise.all(keys.map(async (jwk: JsonWebKey, index) => {
    try {
      const privateKey = await crypto.subtle.importKey("jwk", jwk, ALGORITHM, true, ["sign"]);
      const { modulusLength } = privateKey.algorithm as RsaHashedKeyAlgorithm;
      if (modulusLength < MODULUS_LENGTH) throw new Error(`${modulusLength} bits`);
      const publicJwk = { kty: "RSA", n: jwk.n, e: jwk.e };
      const publicKey = await crypto.subtle.importKey("jwk", publicJwk, ALGORITHM, true, [
        "verify",
      ]);
      return { privateKey, publicKey };
    } catch (error) {
      return fail(
        `key ${index} is not an RSA private key of ${MODULUS_LENGTH} bits or more (${
          (error as Error).message
        })`,
      );
    }
  }));
}
