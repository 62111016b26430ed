// The runtime's executable runner: Deno and Bun start an executable source's program without the
// runExecutable option (Bun: tests/runtime/run_checks.mjs under tests/runtime_matrix_test.ts);
// a runtime without processes (a Worker) has none, and the source says to pass one.
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../../auth/mod.ts";
import { runExecutable } from "../../../auth/credentials/run_executable.ts";
import { defaultRunExecutable } from "../../../auth/credentials/_sources/default_run_executable.ts";

const JWT = "urn:ietf:params:oauth:token-type:jwt";
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x";
const ALLOW = { GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES: "1" };

/** A file whose program is this Deno printing a version 1 response with `token`. */
function executableFile(token: string) {
  const response =
    `console.log(JSON.stringify({version:1,success:true,token_type:'${JWT}',id_token:'${token}'}))`;
  return {
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: JWT,
    credential_source: {
      executable: { command: `"${Deno.execPath()}" eval ${response}`, timeout_millis: 30000 },
    },
  };
}

/** A fake STS that records the subject tokens it is sent. */
function sts(subjects: string[]) {
  return (_url: unknown, init?: RequestInit) => {
    subjects.push(JSON.parse(String(init?.body)).subjectToken);
    return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 }));
  };
}

Deno.test("an executable source runs its program on Deno without the runExecutable option", async () => {
  const subjects: string[] = [];
  const credentials = credentialsFromJson(executableFile("eyJ.from-the-program.sig"), {
    env: ALLOW,
    fetch: sts(subjects),
  });
  assert.equal((await credentials.getAccessToken()).token, "federated");
  assert.deepEqual(subjects, ["eyJ.from-the-program.sig"]);
});

Deno.test("the runExecutable option still overrides the runtime's runner", async () => {
  const subjects: string[] = [];
  let runs = 0;
  const credentials = credentialsFromJson(executableFile("eyJ.not-this.sig"), {
    env: ALLOW,
    fetch: sts(subjects),
    runExecutable: () => {
      runs++;
      return Promise.resolve({
        exitCode: 0,
        stdout: JSON.stringify({ version: 1, success: true, token_type: JWT, id_token: "eyJ.o.s" }),
        outputTooLarge: false,
      });
    },
  });
  await credentials.getAccessToken();
  assert.equal(runs, 1);
  assert.deepEqual(subjects, ["eyJ.o.s"]);
});

Deno.test("the runtime's runner: Deno's and Bun's, none in a runtime without processes", () => {
  assert.equal(defaultRunExecutable(), runExecutable, "this Deno");
  assert.equal(defaultRunExecutable({ Deno: {} }), runExecutable);
  assert.equal(defaultRunExecutable({ Bun: {} }), runExecutable);
  // A Worker's global object: neither (workerd's `process` starts no program).
  assert.equal(defaultRunExecutable({ process: { env: {} } }), undefined);
  assert.equal(defaultRunExecutable({}), undefined);
});
