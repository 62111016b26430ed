// action/_step_bundle.ts: dist/main.mjs runs dist/main_key.mjs, without the modules that call out,
// only for inputs that readInputs() reads as key mode without a token (or rejects); every such
// input takes that path.
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { keyModeWithoutToken } from "../../action/_step_bundle.ts";
import { readInputs } from "../../action/inputs.ts";

const KEY = JSON.stringify({
  type: "service_account",
  project_id: "my-proj",
  private_key_id: "kid",
  private_key: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    type: "pkcs8",
    format: "pem",
  }),
  client_email: "ci@my-proj.iam.gserviceaccount.com",
});
const PROVIDER = "projects/123/locations/global/workloadIdentityPools/p/providers/gh";

/** Values of each input that decides the bundle (`undefined`: not set). */
const VALUES: Record<string, (string | undefined)[]> = {
  CREDENTIALS_JSON: [undefined, "", "  ", KEY, ` ${KEY}\n`, "not json"],
  WORKLOAD_IDENTITY_PROVIDER: [undefined, " ", PROVIDER],
  TOKEN_FORMAT: [undefined, " ", "access_token", "id_token", "ID_TOKEN", "bogus"],
  SERVICE_ACCOUNT: [undefined, "ci@my-proj.iam.gserviceaccount.com"],
};

/** Every combination of {@linkcode VALUES}, as the runner's environment. */
function* environments(): Generator<Record<string, string>> {
  const names = Object.keys(VALUES);
  const pick = function* (index: number, env: Record<string, string>): Generator<typeof env> {
    if (index === names.length) return yield env;
    for (const value of VALUES[names[index]!]!) {
      yield* pick(
        index + 1,
        value === undefined ? env : { ...env, [`INPUT_${names[index]}`]: value },
      );
    }
  };
  yield* pick(0, { GITHUB_WORKSPACE: "/home/runner/work/r/r" });
}

/** readInputs() over `env`, with `@actions/core`'s reading of an input (trimmed). */
function plan(env: Record<string, string>) {
  const core = { getInput: (name: string) => (env[`INPUT_${name.toUpperCase()}`] ?? "").trim() };
  try {
    return readInputs(core, env).plan;
  } catch {
    return undefined;
  }
}

Deno.test("keyModeWithoutToken() is true exactly for inputs read as key mode without a token", () => {
  let keyRuns = 0;
  for (const env of environments()) {
    const read = plan(env);
    const keyMode = read?.mode === "service_account_key" && read.tokenFormat === "";
    if (keyModeWithoutToken(env)) {
      // The cut modules are never reached: the run is key mode without a token, or fails on input.
      assert.ok(read === undefined || keyMode, JSON.stringify(env));
    } else {
      assert.ok(!keyMode, `key mode without a token takes the whole step: ${JSON.stringify(env)}`);
    }
    if (keyMode) keyRuns++;
  }
  assert.ok(keyRuns > 0);
});
