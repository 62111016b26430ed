/**
 * `typedEndpoint()` builds Google routes with `{+name}`, `:verb` and `{?query}` templates into the
 * expected URLs and bodies. (At runtime it is `endpoint.defaults()` itself, so comparing the two
 * could not fail.)
 */
import assert from "node:assert/strict";
import { typedEndpoint } from "../../endpoint/mod.ts";
import type { paths as iamcredentials } from "../support/discovery/iamcredentials_v1.ts";
import type { paths as storage } from "../support/discovery/storage_v1.ts";

Deno.test("typedEndpoint() builds Google's templates into the expected URLs and bodies", () => {
  const iam = typedEndpoint<iamcredentials>({ baseUrl: "https://iamcredentials.googleapis.com" });
  const name = "projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com";
  const token = iam("POST /v1/{+name}:generateAccessToken", { name, scope: ["s"] });
  assert.equal(
    token.url,
    `https://iamcredentials.googleapis.com/v1/${name}:generateAccessToken`,
  );
  assert.deepEqual({ ...token.body as object }, { scope: ["s"] });
  const gcs = typedEndpoint<storage>({ baseUrl: "https://storage.googleapis.com/storage/v1" });
  const insert = gcs("POST /b{?project}", { project: "my project", name: "bucket" });
  assert.equal(insert.url, "https://storage.googleapis.com/storage/v1/b?project=my%20project");
  assert.deepEqual({ ...insert.body as object }, { name: "bucket" });
  const object = gcs("GET /b/{bucket}/o/{object}", { bucket: "b", object: "logs/a b.txt" });
  assert.equal(object.url, "https://storage.googleapis.com/storage/v1/b/b/o/logs%2Fa%20b.txt");
});
