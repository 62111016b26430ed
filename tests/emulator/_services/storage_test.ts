/**
 * The Cloud Storage stand-in's `objects.list`: pages of `maxResults` in name order, `prefix`,
 * `nextPageToken` until the last page, and the errors Cloud Storage gives for a bad page token, a
 * bad `maxResults` and a downscoped token.
 */
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../../auth/mod.ts";
import { startEmulator } from "../../../emulator/mod.ts";

Deno.test("objects.list pages through a bucket in name order", async () => {
  await using emulator = await startEmulator({
    storageObjects: { "list-bucket": { "c.txt": "3", "a.txt": "1", "b.txt": "22", "logs/x": "x" } },
  });
  const { token } = await credentialsFromJson(await emulator.serviceAccountKey()).getAccessToken();
  const list = async (query: string) => {
    const response = await fetch(`${emulator.endpoints.storage}/b/list-bucket/o?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  };
  const first = await list("maxResults=2");
  assert.equal(first.status, 200);
  assert.deepEqual(first.body.items.map((item: { name: string }) => item.name), ["a.txt", "b.txt"]);
  assert.equal(first.body.kind, "storage#objects");
  assert.equal(first.body.items[1].size, "2");
  const second = await list(`maxResults=2&pageToken=${first.body.nextPageToken}`);
  assert.deepEqual(second.body.items.map((item: { name: string }) => item.name), [
    "c.txt",
    "logs/x",
  ]);
  assert.equal(second.body.nextPageToken, undefined);
  const prefixed = await list("prefix=logs/");
  assert.deepEqual(prefixed.body.items.map((item: { name: string }) => item.name), ["logs/x"]);
  assert.deepEqual((await list("prefix=none/")).body, { kind: "storage#objects" });
  assert.equal((await list("pageToken=%25%25")).status, 400);
  assert.equal((await list("maxResults=0")).status, 400);
  const unknown = await fetch(`${emulator.endpoints.storage}/b/nope/o`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  const anonymous = await fetch(`${emulator.endpoints.storage}/b/list-bucket/o`);
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});
