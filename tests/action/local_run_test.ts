// deno task start: bad flags are reported with what is wrong, never a stack trace.
import assert from "node:assert/strict";
import { parseStartArgs } from "../../action/local_run.ts";

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
