// GCP_OIDC_EMULATOR_KEYS: every emulator process starts its key pool from a JWK Set made once by
// `--make-keys`, still never sharing a key between two live emulators, and refuses a bad file
// clearly without printing key material. The pool is seeded once per process (and this suite's own
// processes are seeded by the test task), so seeding runs in processes of its own; the file's
// refusals are read in this one, and one of them shown by a process.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keyPairsFromFile } from "../../../emulator/_core/key_pool.ts";

const MOD = new URL("../../../emulator/mod.ts", import.meta.url).href;
/** The emulator as a program, which makes key sets. */
const MAIN = new URL("../../../emulator/main.ts", import.meta.url).href;

/** Starts two emulators at once, closes both, starts a third; prints each one's Google key `n`. */
const PROBE = `
import { startEmulator } from ${JSON.stringify(MOD)};
const n = async (emulator) => (await (await fetch(emulator.googleCertsUrl)).json()).keys[0].n;
const [first, second] = await Promise.all([startEmulator(), startEmulator()]);
const live = [await n(first), await n(second)];
await Promise.all([first.close(), second.close()]);
const third = await startEmulator();
const again = await n(third);
await third.close();
console.log(JSON.stringify({ live, again }));
`;

async function run(args: string[], keysFile?: string) {
  const env: Record<string, string> = { NO_COLOR: "1" };
  if (keysFile !== undefined) env.GCP_OIDC_EMULATOR_KEYS = keysFile;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    env,
    clearEnv: true,
    stdin: "null",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

Deno.test("GCP_OIDC_EMULATOR_KEYS: a key set from --make-keys seeds each process's key pool", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "emulator-keys-"));
  const file = join(dir, "keys.json");
  try {
    const made = await run(["run", "-A", "--no-check", MAIN, "--make-keys", "1"]);
    assert.equal(made.code, 0, made.stderr);
    const set = JSON.parse(made.stdout);
    assert.equal(set.keys.length, 1);
    const [key] = set.keys;
    assert.deepEqual(Object.keys(key).sort(), ["d", "dp", "dq", "e", "kty", "n", "p", "q", "qi"]);
    assert.equal(key.kty, "RSA");
    assert.equal(atob(key.n.replaceAll("-", "+").replaceAll("_", "/")).length * 8, 2048);
    writeFileSync(file, made.stdout);

    await t.step(
      "the first live emulator signs with the file's key; the second makes its own",
      async () => {
        const { code, stdout, stderr } = await run(["eval", "--no-check", PROBE], file);
        assert.equal(code, 0, stderr);
        const { live, again } = JSON.parse(stdout);
        assert.equal(
          live.filter((n: string) => n === key.n).length,
          1,
          "one emulator has the file's key",
        );
        assert.notEqual(live[0], live[1], "two live emulators never share a key");
        assert.ok(live.includes(again), "a later emulator reuses a closed one's key");
      },
    );

    const short = await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        hash: "SHA-256",
        modulusLength: 1024,
        publicExponent: new Uint8Array([1, 0, 1]),
      },
      true,
      ["sign", "verify"],
    );
    const publicOnly = { keys: [{ kty: "RSA", n: key.n, e: key.e }] };
    const shortKey = { keys: [await crypto.subtle.exportKey("jwk", short.privateKey)] };
    const bad: { name: string; content?: string; reason: RegExp }[] = [
      { name: "a missing file", reason: /the file cannot be read/ },
      { name: "not JSON", content: "{", reason: /the file is not JSON/ },
      { name: "no keys array", content: '{"keys":{}}', reason: /no "keys" array/ },
      {
        name: "a public key only",
        content: JSON.stringify(publicOnly),
        reason: /key 0 is not an RSA private key/,
      },
      {
        name: "a 1024-bit key",
        content: JSON.stringify(shortKey),
        reason: /key 0 is not an RSA private key of 2048 bits or more \(1024 bits\)/,
      },
    ];
    // What the pool reads from the file, in this process; the program's failure, in one.
    for (const { name, content, reason } of bad) {
      await t.step(`refuses ${name}, naming the variable, with no key in the message`, async () => {
        const path = join(dir, `${name.replaceAll(" ", "-")}.json`);
        if (content !== undefined) writeFileSync(path, content);
        await assert.rejects(keyPairsFromFile(path), (error: Error) => {
          assert.match(error.message, /^Cannot use GCP_OIDC_EMULATOR_KEYS="[^"]+": /);
          assert.match(error.message, reason);
          assert.match(error.message, /--make-keys 24/);
          // Neither the good key nor the key material of this very file.
          const material = [key.n, key.d, ...keyMaterialOf(content)];
          for (const value of material) assert.ok(!error.message.includes(value.slice(0, 40)));
          return true;
        });
      });
    }
    await t.step("an emulator process given a bad file fails, saying why on stderr", async () => {
      const { code, stderr } = await run(["eval", "--no-check", PROBE], join(dir, "not-JSON.json"));
      assert.notEqual(code, 0);
      assert.match(stderr, /Cannot use GCP_OIDC_EMULATOR_KEYS="[^"]+": the file is not JSON/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The RSA integers (`n`, `d`, ...) of the keys of a JWK Set file's text; none when it has none. */
function keyMaterialOf(content: string | undefined): string[] {
  try {
    const keys: Record<string, unknown>[] = JSON.parse(content ?? "").keys;
    return keys.flatMap((jwk) =>
      ["n", "d", "p", "q"].map((member) => jwk[member]).filter((v) => typeof v === "string")
    ) as string[];
  } catch {
    return [];
  }
}

Deno.test("--make-keys takes a count alone", async () => {
  for (
    const args of [["--make-keys", "0"], ["--make-keys", "x"], ["--make-keys", "1", "--port", "0"]]
  ) {
    const { code, stdout, stderr } = await run(["run", "-A", "--no-check", MAIN, ...args]);
    assert.equal(code, 2, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, /--make-keys/);
    assert.match(stderr, /^Usage: /m);
  }
});
