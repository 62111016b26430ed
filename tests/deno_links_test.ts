// What README's "Using it before its first release" and docs/emulator.md tell Deno users: a
// project whose deno.json `links` the clone resolves `jsr:@gcp-oidc/auth/...` to it, and the
// library and the emulator in-process need no permission but `--allow-net=127.0.0.1`.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const MAIN = `
import { authenticate } from "jsr:@gcp-oidc/auth/auth";
import { verifyIdToken } from "jsr:@gcp-oidc/auth/verify";
import { startEmulator } from "jsr:@gcp-oidc/auth/emulator";

const emulator = await startEmulator();
try {
  const { idToken } = await authenticate({
    workloadIdentityProvider: emulator.provider,
    serviceAccount: emulator.serviceAccount,
    oidcRequest: emulator.oidcRequest,
    endpoints: emulator.endpoints,
    tokenFormat: "id_token",
    idTokenAudience: "https://svc.example",
  });
  const claims = await verifyIdToken(idToken!, {
    audience: "https://svc.example",
    certsUrl: emulator.googleCertsUrl,
  });
  console.log(claims.email ?? claims.sub);
} finally {
  await emulator.close();
}
`;

/**
 * The consumer's lockfile: the clone's resolutions, its dependencies as those of the link. Without
 * it Deno resolves the link's ranges afresh, to a release published since the clone's install
 * (jose 6.2.18 after 6.2.17), which `--cached-only` does not find.
 */
function consumerLock() {
  const lock = JSON.parse(readFileSync(join(ROOT, "deno.lock"), "utf8"));
  const { name, version } = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8"));
  const link = { dependencies: lock.workspace.dependencies };
  return { ...lock, workspace: { links: { [`jsr:${name}@${version}`]: link } } };
}

Deno.test("a Deno project that links the clone runs jsr:@gcp-oidc/auth with --allow-net=127.0.0.1 alone", async () => {
  const dir = mkdtempSync(join(tmpdir(), "links-consumer-"));
  try {
    writeFileSync(join(dir, "deno.json"), JSON.stringify({ links: [ROOT] }));
    writeFileSync(join(dir, "main.ts"), MAIN);
    writeFileSync(join(dir, "deno.lock"), JSON.stringify(consumerLock()));
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--cached-only", "--allow-net=127.0.0.1", "main.ts"],
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.ok(run.success, stderr);
    assert.match(new TextDecoder().decode(run.stdout), /^\d+\n$/, "the service account's id");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
