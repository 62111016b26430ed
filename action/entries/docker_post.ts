// dist/docker_post.mjs: the post step's cleanup of "docker_registries", imported by dist/post.mjs
// when the main step installed the Docker credential helper.
import { getState, info, warning } from "@actions/core";
import { removeDockerHelper } from "../docker/remove.ts";

removeDockerHelper({ getState, info, warning });
