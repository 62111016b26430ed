import { getInput, getState, info, warning } from "@actions/core";
import { useDirectStdout } from "../node/stdout.ts";
import { runPost } from "../post.ts";
import { DOCKER_CONFIG_STATE, DOCKER_HELPER_DIR_STATE } from "../docker/state.ts";

useDirectStdout();
if (getState(DOCKER_HELPER_DIR_STATE) !== "" || getState(DOCKER_CONFIG_STATE) !== "") {
  // A bundle of its own, loaded only when main installed the helper: the post step of a run
  // without "docker_registries" loads nothing more than before.
  await import(new URL("./docker_post.mjs", import.meta.url).href);
}
runPost({ getInput: (name) => getInput(name), getState, info, warning }, { env: process.env });
