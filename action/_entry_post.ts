import { getInput, getState, info, warning } from "@actions/core";
import { useDirectStdout } from "./node/stdout.ts";
import { runPost } from "./post.ts";

useDirectStdout();
runPost({ getInput: (name) => getInput(name), getState, info, warning }, { env: process.env });
