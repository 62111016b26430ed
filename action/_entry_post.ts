import { process } from "./_node_builtins.ts";
import { runPost } from "./post.ts";
import { createRunnerLog, writeStdout } from "./runner_core.ts";

runPost(createRunnerLog({ env: process.env, write: writeStdout }), { env: process.env });
