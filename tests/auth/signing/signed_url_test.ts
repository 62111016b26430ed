// createSignedUrl() beyond the conformance file: the signature's own query parameters given again
// in queryParameters, and names that are not well-formed UTF-16.
import assert from "node:assert/strict";
import { createSignedUrl } from "../../../auth/signing/mod.ts";
import { AuthError, credentialsFromJson } from "../../../auth/mod.ts";
import { conformanceKey } from "../../runtime/signing_checks.mjs";

const here = new URL("../_fixtures/conformance/", import.meta.url);
const credentials = credentialsFromJson(
  conformanceKey(await Deno.readTextFile(new URL("service-account", here))),
);
const BASE = {
  bucket: "test-bucket",
  object: "test-object",
  expiration: 10,
  timestamp: "2019-02-01T09:00:00Z",
};

Deno.test("createSignedUrl() emits each X-Goog-* parameter once, with the signer's value", async () => {
  const plain = new URL(await createSignedUrl(credentials, BASE));
  const url = new URL(
    await createSignedUrl(credentials, {
      ...BASE,
      queryParameters: {
        "X-Goog-Expires": "604800",
        "X-Goog-Signature": "00",
        "x-goog-date": "20990101T000000Z",
        "X-Goog-Credential": "someone@else/20990101/auto/storage/goog4_request",
        generation: "7",
      },
    }),
  );
  for (const name of ["X-Goog-Expires", "X-Goog-Date", "X-Goog-Credential"]) {
    assert.deepEqual(url.searchParams.getAll(name), [plain.searchParams.get(name)]);
  }
  assert.equal(url.searchParams.getAll("X-Goog-Signature").length, 1);
  const names = [...url.searchParams.keys()].map((name) => name.toLowerCase());
  assert.equal(names.length, new Set(names).size, url.search);
  assert.equal(url.searchParams.get("generation"), "7");
  assert.equal(url.searchParams.get("X-Goog-Expires"), "10");
  assert.match(url.searchParams.get("X-Goog-Signature")!, /^[0-9a-f]{512}$/);
});

Deno.test("createSignedUrl(): an empty object is refused, not read as the bucket", async () => {
  // object: userInput, empty, would sign a URL to the bucket itself, which a GET lists.
  await assert.rejects(createSignedUrl(credentials, { ...BASE, object: "" }), {
    code: "ERR_OPTIONS_INVALID",
    option: "object",
    message: /option "object" must be a non-empty string/,
  });
  const { object: _, ...bucketOnly } = BASE;
  assert.match(
    await createSignedUrl(credentials, bucketOnly),
    /^https:\/\/storage\.googleapis\.com\/[^/?]+\?/,
  );
});

Deno.test("createSignedUrl() names the option holding a lone surrogate instead of throwing URIError", async () => {
  const cases: [string, object][] = [
    ["object", { object: "photo-\uD800.jpg" }],
    ["queryParameters", { queryParameters: { "response-content-disposition": "a\uDC00" } }],
    ["queryParameters", { queryParameters: { "\uD83D": "x" } }],
  ];
  for (const [option, extra] of cases) {
    await assert.rejects(createSignedUrl(credentials, { ...BASE, ...extra }), (error: unknown) => {
      assert.ok(error instanceof AuthError, String(error));
      assert.equal(error.code, "ERR_OPTIONS_INVALID");
      assert.equal(error.option, option);
      assert.match(error.message, new RegExp(`option "${option}" holds a lone surrogate`));
      return true;
    });
  }
  // A whole pair (an emoji) is fine.
  assert.match(await createSignedUrl(credentials, { ...BASE, object: "😀" }), /\/%F0%9F%98%80\?/);
});
