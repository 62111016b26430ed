// Deno run without --allow-env or --allow-net: the errors say which permission is missing, and a
// denied call is not retried. The child is denied both, so it reaches no network at all.
import assert from "node:assert/strict";
import { generateAccessToken } from "../../../auth/flows/mod.ts";
import { GoogleApiError } from "../../../auth/mod.ts";

const MOD = new URL("../../../auth/mod.ts", import.meta.url).href;

const SCRIPT = `
import { credentialsFromJson, loadCredentials } from ${JSON.stringify(MOD)};
const outcome = async (promise) => {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return { code: error.code, message: error.message, hint: error.hint };
  }
};
const user = credentialsFromJson({
  type: "authorized_user",
  client_id: "id",
  client_secret: "secret",
  refresh_token: "refresh",
  token_uri: "http://127.0.0.1:2/token",
}, { sleep: () => Promise.resolve() });
console.log(JSON.stringify({
  load: await outcome(loadCredentials()),
  call: await outcome(user.getAccessToken()),
}));
`;

Deno.test("without --allow-env and --allow-net the errors name the missing permission", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--quiet", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { GOOGLE_APPLICATION_CREDENTIALS: "/set/but/unreadable.json", NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(SCRIPT));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const { load, call } = JSON.parse(new TextDecoder().decode(stdout));
  assert.equal(load.code, "ERR_CREDENTIALS_NOT_FOUND");
  assert.match(
    load.message,
    /GOOGLE_APPLICATION_CREDENTIALS \(not readable: no permission to read the environment, such as Deno's --allow-env\)/,
  );
  assert.equal(call.code, "ERR_OAUTH2_TOKEN_FAILED");
  assert.match(call.message, /no permission to make this request \(NotCapable: .*--allow-net/);
  assert.doesNotMatch(call.message, /attempts/);
  assert.match(call.hint, /--allow-net/);
});

Deno.test("a permission denial from fetch is not retried", async () => {
  let calls = 0;
  const denial = Object.assign(
    new Error('Requires net access to "iamcredentials.googleapis.com:443"'),
    {
      name: "NotCapable",
    },
  );
  await assert.rejects(
    generateAccessToken({
      serviceAccount: "ci@p.iam.gserviceaccount.com",
      authToken: "federated-token",
      fetch: () => (calls++, Promise.reject(denial)),
      sleep: () => Promise.resolve(),
    }),
    (error) => {
      assert.ok(error instanceof GoogleApiError);
      assert.equal(error.cause, denial);
      assert.match(error.hint ?? "", /--allow-net/);
      return true;
    },
  );
  assert.equal(calls, 1);
});
