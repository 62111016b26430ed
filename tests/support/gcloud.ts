/**
 * gcloud for the tests that check the files it writes and the tokens it gets: where its
 * installation and Python are, and several commands run in one Python process
 * (tests/support/gcloud_commands.py) instead of a gcloud process each.
 *
 * @module
 */
import { realpathSync, statSync } from "node:fs";
import { GCLOUD } from "./skip.ts";

/**
 * The fields of the `external_account` files gcloud's `create-cred-config` writes, in its order
 * (without impersonation), which the emulator's credentials files follow.
 */
export const GCLOUD_EXTERNAL_ACCOUNT_FIELDS: readonly string[] = [
  "universe_domain",
  "type",
  "audience",
  "subject_token_type",
  "token_url",
  "credential_source",
  "token_info_url",
];

/** Where Debian's google-cloud-cli package installs the SDK. */
const DEBIAN_SDK = "/usr/lib/google-cloud-sdk";

/**
 * gcloud's installation: its root, the Python bundled with it, and its vendored libraries (the
 * Python google-auth among them). Only where gcloud is on the PATH.
 */
export function gcloudSdk(): { root: string; python: string; thirdParty: string } {
  const root = realpathSync(GCLOUD!).replace(/\/bin\/gcloud$/, "");
  const python = (base: string) => `${base}/platform/bundledpythonunix/bin/python3`;
  const base = [root, DEBIAN_SDK].find((dir) => {
    try {
      return statSync(python(dir)).isFile();
    } catch {
      return false;
    }
  }) ?? DEBIAN_SDK;
  return { root: base, python: python(base), thirdParty: `${base}/lib/third_party` };
}

/** One command of {@link runGcloud}: gcloud's arguments, without `gcloud`, and variables of its own. */
export interface GcloudCommand {
  args: string[];
  env?: Record<string, string>;
}

/**
 * Runs `commands` one after another in one process, with only `env` (and each command's own
 * variables) as its environment; resolves to what each printed, or rejects with gcloud's error
 * output when one fails.
 */
export async function runGcloud(
  commands: GcloudCommand[],
  env: Record<string, string>,
): Promise<string[]> {
  const { root, python } = gcloudSdk();
  const script = new URL("./gcloud_commands.py", import.meta.url).pathname;
  const { success, stdout, stderr } = await new Deno.Command(python, {
    args: [script, `${root}/lib`, JSON.stringify(commands)],
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(`gcloud: ${new TextDecoder().decode(stderr).slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(stdout));
}

/**
 * The environment of gcloud commands that write files offline: only `PATH`, its configuration in
 * `dir`, no prompts, reports or update checks, and a proxy that is not there, so that nothing
 * leaves the machine.
 */
export function offlineGcloudEnv(dir: string): Record<string, string> {
  return {
    PATH: Deno.env.get("PATH") ?? "",
    HOME: dir,
    CLOUDSDK_CONFIG: `${dir}/gcloud`,
    CLOUDSDK_CORE_DISABLE_PROMPTS: "1",
    CLOUDSDK_CORE_DISABLE_USAGE_REPORTING: "true",
    CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK: "true",
    HTTPS_PROXY: "http://127.0.0.1:9",
    HTTP_PROXY: "http://127.0.0.1:9",
  };
}
