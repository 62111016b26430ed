import process from "node:process";
import { run } from "./main.ts";
import { createRunnerCore } from "./runner_core.ts";

const core = createRunnerCore({
  env: process.env,
  write: (text) => process.stdout.write(text),
  fail: () => (process.exitCode = 1),
});
await run(core, { env: process.env });
