// dist/docker_credential_helper.mjs: the Docker credential helper, run by the script the step
// puts on PATH as `node docker_credential_helper.mjs <config> <action>`.
import fs from "node:fs";
import process from "node:process";
import { runCredentialHelper } from "./docker/credential_helper.ts";
import { createWebFetch } from "./node/web_fetch.ts";

// Only `get`, `store` and `erase` have input; `list` and `version` must not wait for an EOF that
// Docker may never send.
const action = process.argv[3];
const stdin = action === "get" || action === "store" || action === "erase"
  ? fs.readFileSync(0, "utf8")
  : "";
const answer = await runCredentialHelper(process.argv.slice(2), stdin, {
  readFile: (path) => fs.readFileSync(path, "utf8"),
  fetch: createWebFetch(),
});
process.stdout.write(answer.stdout);
process.exitCode = answer.code;
