import { getInput, getState, info, warning } from "@actions/core";
import { runPost } from "./post.ts";

runPost({ getInput: (name) => getInput(name), getState, info, warning }, { env: process.env });
