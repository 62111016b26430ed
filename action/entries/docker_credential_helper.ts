// dist/docker_credential_helper.mjs: the Docker credential helper, run by the script the step
// puts on PATH as `node docker_credential_helper.mjs <config> <action>`.
import process from "node:process";
import { type CredentialHelperAnswer, runCredentialHelper } from "../docker/credential_helper.ts";
import { readRegularFile, readStdin } from "../node/bounded_read.ts";
import { createWebFetch } from "../node/web_fetch.ts";

/** `get` and `erase` get a registry; `store`'s JSON carries a secret of a few KB. */
const MAX_STDIN_BYTES = 64 * 1024;

async function answer(): Promise<CredentialHelperAnswer> {
  // Only `get`, `store` and `erase` have input; `list` and `version` must not wait for an EOF
  // that Docker may never send.
  const action = process.argv[3];
  let stdin = "";
  if (action === "get" || action === "store" || action === "erase") {
    try {
      stdin = readStdin(MAX_STDIN_BYTES);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { stdout: `gcp-oidc docker credential helper: ${reason}\n`, code: 1 };
    }
  }
  return await runCredentialHelper(process.argv.slice(2), stdin, {
    readFile: (path) => readRegularFile(path),
    fetch: createWebFetch(),
  });
}

const { stdout, code } = await answer();
process.stdout.write(stdout);
process.exitCode = code;
