import process from "node:process";
import { runPost } from "./post.ts";
import { createRunnerCore } from "./runner_core.ts";

const core = createRunnerCore({
  env: process.env,
  write: (text) => process.stdout.write(text),
  fail: () => {},
});
runPost(core, { env: process.env });
