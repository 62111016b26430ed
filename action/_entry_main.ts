import { process } from "./_node_builtins.ts";
import { run } from "./main.ts";
import { createRunnerCore, writeStdout } from "./runner_core.ts";

const core = createRunnerCore({
  env: process.env,
  write: writeStdout,
  fail: () => (process.exitCode = 1),
});
await run(core, { env: process.env });
