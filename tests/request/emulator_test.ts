/**
 * Typed requests with this library's credentials against the emulator: `credentials.fetch`, passed
 * as a value, adds the bearer; the types come from the Discovery documents of Cloud Storage and IAM
 * Credentials (`{+name}:verb` routes), and `paginate()` pages through the storage stand-in's
 * `objects.list`.
 */
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../auth/mod.ts";
import { startEmulator } from "../../emulator/mod.ts";
import { createRequest, RequestError } from "../../request/mod.ts";
import type { paths as storage } from "../support/discovery/storage_v1.ts";
import type { paths as iamcredentials } from "../support/discovery/iamcredentials_v1.ts";

const OBJECTS = Object.fromEntries(
  Array.from({ length: 25 }, (_, index) => [`logs/${String(index).padStart(2, "0")}.txt`, "x"]),
);

Deno.test("Cloud Storage through credentials.fetch: objects.get, its media, a typed 404", async () => {
  await using emulator = await startEmulator({
    storageObjects: { "data-bucket": { "a/b.txt": "hello", ...OBJECTS } },
  });
  const credentials = credentialsFromJson(await emulator.serviceAccountKey());
  const gcs = createRequest<storage>({
    baseUrl: emulator.endpoints.storage,
    fetch: credentials.fetch,
  });
  // `{object}` percent-encodes the slash, as Cloud Storage requires.
  const { data, url } = await gcs("GET /b/{bucket}/o/{object}", {
    bucket: "data-bucket",
    object: "a/b.txt",
  });
  assert.equal(url, `${emulator.endpoints.storage}/b/data-bucket/o/a%2Fb.txt`);
  assert.equal(data.name, "a/b.txt");
  assert.equal(data.size, "5");
  const media = await gcs("GET /b/{bucket}/o/{object}", {
    bucket: "data-bucket",
    object: "a/b.txt",
    alt: "media",
  });
  assert.equal(media.data, "hello");
  const missing = await gcs("GET /b/{bucket}/o/{object}", { bucket: "data-bucket", object: "no" })
    .catch((error: unknown) => error);
  assert.ok(missing instanceof RequestError);
  assert.equal(missing.status, 404);
  assert.match(missing.message, /: HTTP 404: No such object: data-bucket\/no$/);
  // The bearer credentials.fetch added is in no part of the error.
  const { token } = await credentials.getAccessToken();
  assert.ok(!JSON.stringify({ ...missing, message: missing.message }).includes(token));
});

Deno.test("Cloud Storage through credentials.fetch: paginate() reads objects.list page by page", async () => {
  await using emulator = await startEmulator({ storageObjects: { "data-bucket": OBJECTS } });
  const credentials = credentialsFromJson(await emulator.serviceAccountKey());
  const gcs = createRequest<storage>({
    baseUrl: emulator.endpoints.storage,
    fetch: credentials.fetch,
  });
  const names: string[] = [];
  let pages = 0;
  for await (
    const page of gcs.paginate("GET /b/{bucket}/o", {
      bucket: "data-bucket",
      prefix: "logs/",
      maxResults: 10,
    })
  ) {
    pages++;
    names.push(...(page.items ?? []).map((object) => object.name ?? ""));
  }
  assert.equal(pages, 3);
  assert.deepEqual(names, Object.keys(OBJECTS).sort());
  const listed = emulator.requests.filter((request) => request.route === "storage");
  assert.equal(listed.length, 3);
  await assert.rejects(
    Array.fromAsync(
      gcs.paginate("GET /b/{bucket}/o", { bucket: "data-bucket", maxResults: 5 }, { maxPages: 2 }),
    ),
    /more pages remain after 2 \(option maxPages\)/,
  );
});

Deno.test("IAM Credentials' {+name}:verb routes through credentials.fetch", async () => {
  await using emulator = await startEmulator();
  const credentials = credentialsFromJson(await emulator.serviceAccountKey());
  // The generated paths start with the version (`/v1/{+name}:…`); the emulator's endpoint has it.
  const iam = createRequest<iamcredentials>({
    baseUrl: emulator.endpoints.iamcredentials.replace(/\/v1$/, ""),
    fetch: credentials.fetch,
  });
  const name = `projects/-/serviceAccounts/${emulator.serviceAccount}`;
  const { data, url } = await iam("POST /v1/{+name}:generateAccessToken", {
    name,
    scope: ["https://www.googleapis.com/auth/cloud-platform"],
    lifetime: "600s",
  });
  // `{+name}` keeps the slashes of the resource name, and `:generateAccessToken` stays.
  assert.equal(url, `${emulator.endpoints.iamcredentials}/${name}:generateAccessToken`);
  assert.equal(emulator.tokenInfo(data.accessToken!)?.principal, emulator.serviceAccount);
  assert.ok(Date.parse(data.expireTime!) > Date.now());
});
