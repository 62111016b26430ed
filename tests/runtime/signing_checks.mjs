// Google's V4 signing conformance cases (vendored in ../auth/_fixtures/conformance/) as checks that
// run unchanged in any runtime, and in a Worker with only fetch and crypto.subtle: the caller passes
// the auth module, the file's JSON and the key file's text, and the assertions to use. Returns how
// many cases passed; the first failure throws.

/**
 * The dummy key's JSON: as published, the file lacks the comma after its "comment" line
 * (../auth/_fixtures/conformance/README.md).
 *
 * @param {string} text
 * @returns {Record<string, unknown>}
 */
export function conformanceKey(text) {
  return JSON.parse(text.replace(/("comment": "[^"]*")\n/, "$1,\n"));
}

/**
 * @param {any} authMod The auth module namespace.
 * @param {{ signingV4Tests: any[], postPolicyV4Tests: any[] }} conformance The file's JSON.
 * @param {string} keyText The key file's text.
 * @param {{ equal: (a: unknown, b: unknown, m?: string) => void, deepEqual: (a: unknown, b: unknown, m?: string) => void }} assert
 * @returns {Promise<number>}
 */
export default async function check(authMod, conformance, keyText, { equal, deepEqual }) {
  const credentials = authMod.credentialsFromJson(conformanceKey(keyText));
  let passed = 0;
  for (const { description, expectedUrl, ...options } of conformance.signingV4Tests) {
    const given = Object.fromEntries(
      Object.entries(options).filter(([name]) => !name.startsWith("expected")),
    );
    equal(await authMod.createSignedUrl(credentials, given), expectedUrl, description);
    passed++;
  }
  for (const { description, policyInput, policyOutput } of conformance.postPolicyV4Tests) {
    deepEqual(
      await authMod.createSignedPostPolicy(credentials, policyInput),
      { url: policyOutput.url, fields: policyOutput.fields },
      description,
    );
    passed++;
  }
  return passed;
}
