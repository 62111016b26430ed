// deno task start: bad flags are reported with what is wrong, never a stack trace.
import assert from "node:assert/strict";
import { parseStartArgs } from "../../../action/local/local_run.ts";

Deno.test("parseStartArgs() reports an unknown flag, a missing value and a bad value", () => {
  const rows: [string[], RegExp][] = [
    [["--mdoe", "key"], /Unknown option '--mdoe'/],
    [["--mode"], /Option '--mode <value>' argument missing/],
    [["--mode", "oauth"], /--mode "oauth" is not one of wif, wif-direct, key/],
    [["--token", "jwt"], /--token "jwt" is not one of access_token, id_token, none/],
    [
      ["--subject", "admin@example.com", "--token", "id_token"],
      /--subject .* needs --token access_token/,
    ],
    [["--subject", "admin@example.com", "--token", "none"], /needs --token access_token/],
  ];
  for (const [args, problem] of rows) {
    const parsed = parseStartArgs(args);
    assert.ok(typeof parsed === "object" && "problem" in parsed, args.join(" "));
    assert.match(parsed.problem, problem);
  }
});

Deno.test("parseStartArgs() accepts the documented flags", () => {
  assert.equal(parseStartArgs(["--help"]), "help");
  assert.deepEqual(parseStartArgs(["--mode", "key", "--subject", "admin@example.com", "--debug"]), {
    mode: "key",
    token: "access_token",
    subject: "admin@example.com",
    debug: true,
    node: "node",
  });
});

Deno.test("parseStartArgs() takes repeatable --input name=value and -h", () => {
  assert.equal(parseStartArgs(["-h"]), "help");
  const parsed = parseStartArgs([
    "--input",
    "delegates=a@p.iam.gserviceaccount.com,b@p.iam.gserviceaccount.com",
    "--input",
    "docker_registries=gcr.io",
    "--input",
    "request_reason=",
  ]);
  assert.ok(typeof parsed === "object" && !("problem" in parsed));
  assert.deepEqual(parsed.inputs, {
    delegates: "a@p.iam.gserviceaccount.com,b@p.iam.gserviceaccount.com",
    docker_registries: "gcr.io",
    request_reason: "",
  });
  for (const bad of ["docker_registries", "=gcr.io", "Bad-Name=x"]) {
    const problem = parseStartArgs(["--input", bad]);
    assert.ok(typeof problem === "object" && "problem" in problem, bad);
    assert.match(problem.problem, /is not name=value/);
  }
});
