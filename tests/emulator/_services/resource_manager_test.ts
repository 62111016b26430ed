// The emulated Cloud Resource Manager projects.get and emulator.fetch, which routes Google's
// hosts to the emulator.
import assert from "node:assert/strict";
import type { Emulator } from "../../../emulator/mod.ts";
import { federatedToken, withEmulator } from "../../../tools/emulator_calls.ts";

async function getProject(emulator: Emulator, name: string, bearer?: string) {
  const response = await emulator.fetch(
    `https://cloudresourcemanager.googleapis.com/v1/projects/${name}`,
    { headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } },
  );
  return { status: response.status, json: await response.json() };
}

async function metadataToken(emulator: Emulator, scopes: string): Promise<string> {
  const response = await emulator.fetch(
    `http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token?scopes=${scopes}`,
    { headers: { "metadata-flavor": "Google" } },
  );
  return (await response.json()).access_token;
}

Deno.test("startEmulator() Cloud Resource Manager finds the project by number or id", async () => {
  await withEmulator({}, async (emulator) => {
    const token = await federatedToken(emulator);
    for (const name of ["123456789012", "emulated-project"]) {
      const { status, json } = await getProject(emulator, name, token);
      assert.equal(status, 200);
      assert.deepEqual(
        [json.projectId, json.projectNumber, json.lifecycleState],
        ["emulated-project", "123456789012", "ACTIVE"],
      );
    }
    const other = await getProject(emulator, "someone-elses", token);
    assert.equal(other.status, 403);
    assert.equal(other.json.error.status, "PERMISSION_DENIED");
    assert.equal(emulator.requests.at(-1)?.route, "projects");
  });
});

Deno.test("startEmulator() Cloud Resource Manager wants a live cloud-platform token", async () => {
  let now = Date.UTC(2026, 0, 2);
  await withEmulator({ now: () => now }, async (emulator) => {
    assert.equal((await getProject(emulator, "emulated-project")).status, 401);
    assert.equal((await getProject(emulator, "emulated-project", "ya29.forged")).status, 401);
    const narrow = await getProject(
      emulator,
      "emulated-project",
      await metadataToken(emulator, "https://www.googleapis.com/auth/devstorage.read_only"),
    );
    assert.equal(narrow.status, 403);
    assert.equal(narrow.json.error.details[0].reason, "ACCESS_TOKEN_SCOPE_INSUFFICIENT");
    const readOnly = await metadataToken(
      emulator,
      "https://www.googleapis.com/auth/cloud-platform.read-only",
    );
    assert.equal((await getProject(emulator, "emulated-project", readOnly)).status, 200);
    now += 3600_000;
    assert.equal((await getProject(emulator, "emulated-project", readOnly)).status, 401);
    assert.equal(emulator.tokenInfo(readOnly), undefined, "an expired token is forgotten");
  });
});

Deno.test("startEmulator() fetch routes Google's hosts of its universe to the emulator only", async () => {
  await withEmulator({ universe: "example.test" }, async (emulator) => {
    const certs = await emulator.fetch("https://www.example.test/oauth2/v3/certs");
    assert.equal(certs.status, 200);
    assert.equal((await certs.json()).keys.length, 1);
    const token = await emulator.fetch(
      new Request("https://oauth2.example.test/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=nope",
      }),
    );
    assert.equal((await token.json()).error, "unsupported_grant_type");
    const own = await emulator.fetch(`${emulator.url}/nowhere`);
    assert.equal(own.status, 404);
    await own.body?.cancel();
    assert.deepEqual(emulator.requests.map((r) => [r.method, r.path, r.body]), [
      ["GET", "/www/oauth2/v3/certs", ""],
      ["POST", "/oauth2/token", "grant_type=nope"],
      ["GET", "/nowhere", ""],
    ]);
    // Another universe's hosts are not the emulator's: the request goes where it says.
    await assert.rejects(emulator.fetch("https://oauth2.googleapis.com/token", { method: "POST" }));
  });
});
