// quote(): resource names and other plain values are shown; values that look like keys or tokens
// are described, never shown; a URL's user name and password are left out.
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseWorkloadIdentityProvider } from "../../../auth/flows/mod.ts";
import { quote } from "../../../auth/_util/quote.ts";

Deno.test("a provider name that is a long run of base64 characters is shown in its error", () => {
  // A project id where the number goes: 83 characters of [A-Za-z0-9/_-].
  const name =
    "projects/my-project/locations/global/workloadIdentityPools/github/providers/my-repo";
  assert.throws(() => parseWorkloadIdentityProvider(name), (error: Error) => {
    assert.ok(error.message.includes(JSON.stringify(name)), error.message);
    assert.doesNotMatch(error.message, /not shown/);
    return true;
  });
});

Deno.test("a mistyped or long provider name is shown as typed, whole, in its error", () => {
  const names = [
    // "provider" for "providers": 81 characters of base64's alphabet.
    "projects/123456789/locations/global/workloadIdentityPools/github/provider/my-repo",
    `projects/123456789/locations/global/workloadIdentityPools/${"a-pool-".repeat(12)}/providers/r`,
  ];
  for (const name of names) {
    assert.throws(() => parseWorkloadIdentityProvider(name), (error: Error) => {
      assert.ok(error.message.includes(JSON.stringify(name)), error.message);
      return true;
    });
  }
});

Deno.test("resource names are shown, base64 data is still withheld", () => {
  for (
    const name of [
      "projects/123456789012/locations/global/workloadIdentityPools/github-pool/providers/github-prov",
      "projects/-/serviceAccounts/deploy-service-account@my-project-1234.iam.gserviceaccount.com",
      "projects/my-project/locations/global/workloadIdentityPools/github/providers",
    ]
  ) {
    assert.equal(quote(name), JSON.stringify(name));
  }
  const base64 = fc.uint8Array({ minLength: 48, maxLength: 400 }).map((bytes) =>
    btoa(String.fromCharCode(...bytes))
  );
  fc.assert(
    fc.property(base64, (data) => quote(data).includes("not shown") && !quote(data).includes(data)),
    { numRuns: 2000 },
  );
});

Deno.test("base64 data whose slashes fall between short lowercase words is still withheld", () => {
  // A counterexample the property test below found (seed 180616503): `d` and `da` read as
  // collections of a resource name.
  for (const data of [`d/${"A".repeat(60)}P/da`, `ab/${"x9".repeat(40)}/cd/${"Q".repeat(20)}`]) {
    assert.match(quote(data), /base64 data, \d+ characters, not shown/);
  }
  const typo = "project/123456789/locations/global/workloadIdentityPools/github/providers/my-repo";
  assert.equal(quote(typo), JSON.stringify(typo));
});

Deno.test("a URL's user name and password are never quoted", () => {
  assert.equal(quote("https://user:p4ss@host.example/x"), '"https://…@host.example/x"');
  assert.equal(quote("see http://token@host.example"), '"see http://…@host.example"');
  assert.equal(quote("https://host.example/a@b"), '"https://host.example/a@b"');
  // As new URL() (and fetch) reads them: backslashes, one slash, none, tabs.
  for (
    const url of [
      "http:\\\\svc:p4ss@host.example/x",
      "http:/svc:p4ss@host.example/x",
      "http:svc:p4ss@host.example/x",
      "http://svc:p4\tss@host.example/x",
      "ht\ttp://svc:p4ss@host.example/x",
    ]
  ) {
    assert.equal(quote(url), '"http://…@host.example/x"', JSON.stringify(url));
  }
  assert.equal(quote("see http:\\\\svc:p4ss@host.example"), '"see http:\\\\\\\\…@host.example"');
  assert.equal(
    quote("serviceAccount:sa@p.iam.gserviceaccount.com"),
    '"serviceAccount:sa@p.iam.gserviceaccount.com"',
  );
});
