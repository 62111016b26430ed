// Google's V4 signing conformance tests (vendored in ../_fixtures/conformance/): every signed URL
// and POST policy case, signed with the file's dummy key.
import assert from "node:assert/strict";
import {
  createSignedPostPolicy,
  createSignedUrl,
  type SignedPostPolicyOptions,
  type SignedUrlOptions,
} from "../../../auth/signing/mod.ts";
import { credentialsFromJson } from "../../../auth/mod.ts";
import { conformanceKey } from "../../runtime/signing_checks.mjs";

const here = new URL("../_fixtures/conformance/", import.meta.url);
const file = JSON.parse(await Deno.readTextFile(new URL("v4_signatures.json", here))) as {
  signingV4Tests: (SignedUrlOptions & { description: string; expectedUrl: string })[];
  postPolicyV4Tests: {
    description: string;
    policyInput: SignedPostPolicyOptions;
    policyOutput: { url: string; fields: Record<string, string> };
  }[];
};
const credentials = credentialsFromJson(
  conformanceKey(await Deno.readTextFile(new URL("service-account", here))),
);

Deno.test("conformance: the file has 29 URL and 11 POST policy cases", () => {
  assert.equal(file.signingV4Tests.length, 29);
  assert.equal(file.postPolicyV4Tests.length, 11);
});

for (const { description, expectedUrl, ...options } of file.signingV4Tests) {
  Deno.test(`conformance: signed URL: ${description}`, async () => {
    const cleaned = Object.fromEntries(
      Object.entries(options).filter(([name]) => !name.startsWith("expected")),
    ) as unknown as SignedUrlOptions;
    assert.equal(await createSignedUrl(credentials, cleaned), expectedUrl);
  });
}

for (const { description, policyInput, policyOutput } of file.postPolicyV4Tests) {
  Deno.test(`conformance: POST policy: ${description}`, async () => {
    assert.deepEqual(await createSignedPostPolicy(credentials, policyInput), {
      url: policyOutput.url,
      fields: policyOutput.fields,
    });
  });
}
