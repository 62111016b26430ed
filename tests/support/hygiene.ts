// Secret hygiene over everything a step run wrote (stdout, stderr, GITHUB_OUTPUT, GITHUB_ENV,
// GITHUB_STATE; the credentials file aside): every secret seen in the run (tokens, assertions,
// private key lines, the runner request token, key JSON, and whatever the step itself masked) may
// appear only on an ::add-mask:: line, and a token may appear in GITHUB_OUTPUT only as the value
// of its own output, masked first. Debug lines (::debug::) get no exemption.
import assert from "node:assert/strict";
import { commandValues, parseFileCommands, type StepRun } from "../../action/local/local_runner.ts";

const TOKEN_OUTPUTS = new Set(["auth_token", "access_token", "id_token"]);

/** Asserts that no secret leaks from `runs` (and that the secret list is not empty). */
export function assertNoSecretLeaks(runs: StepRun[], extraSecrets: readonly string[]): void {
  const secrets = new Set(extraSecrets.filter((secret) => secret.length >= 8));
  for (const run of runs) {
    for (const [name, value] of parseFileCommands(run.files.output)) {
      if (TOKEN_OUTPUTS.has(name)) secrets.add(value);
    }
    for (const masked of commandValues(run, "add-mask")) {
      if (masked.length >= 8) secrets.add(masked);
    }
  }
  assert.ok(secrets.size > 0, "the hygiene check has secrets to look for");
  for (const run of runs) {
    for (const secret of secrets) {
      const escaped = secret.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
      for (const [stream, text] of [["stdout", run.stdout], ["stderr", run.stderr]] as const) {
        for (const line of text.split("\n")) {
          if (line.startsWith("::add-mask::")) continue;
          assert.ok(
            !line.includes(secret) && !line.includes(escaped),
            `a secret leaks on ${stream}: ${line.slice(0, 120)}`,
          );
        }
      }
      for (
        const [file, text] of [["GITHUB_ENV", run.files.env], [
          "GITHUB_STATE",
          run.files.state,
        ]] as const
      ) {
        assert.ok(!text.includes(secret), `a secret leaks into ${file}`);
      }
      for (const [name, value] of parseFileCommands(run.files.output)) {
        if (!value.includes(secret)) continue;
        assert.ok(
          TOKEN_OUTPUTS.has(name) && value === secret,
          `a secret leaks into output ${name}`,
        );
        const maskAt = run.stdout.indexOf(`::add-mask::${escaped}\n`);
        assert.ok(maskAt >= 0, `output ${name} was set without ::add-mask:: first`);
      }
    }
  }
}
