import assert from "node:assert/strict";
import { CredentialsError } from "../../../auth/mod.ts";
import {
  defaultOidcAudience,
  parseWorkloadIdentityProvider,
  stsAudience,
} from "../../../auth/flows/mod.ts";

const NAME = "projects/123456/locations/global/workloadIdentityPools/github-pool/providers/my-repo";

Deno.test("parseWorkloadIdentityProvider() returns the parts of a valid name", () => {
  assert.deepEqual(parseWorkloadIdentityProvider(` ${NAME}\n`), {
    projectNumber: "123456",
    pool: "github-pool",
    provider: "my-repo",
    name: NAME,
  });
});

Deno.test("parseWorkloadIdentityProvider() says what is wrong with a bad name", async (t) => {
  const rows: [string, string, RegExp][] = [
    ["empty", "", /it is empty/],
    [
      "project id",
      NAME.replace("123456", "my-project"),
      /"my-project" is a project id; use the project number/,
    ],
    [
      "pool only",
      "projects/1/locations/global/workloadIdentityPools/pool",
      /names a pool, not a provider/,
    ],
    ["audience", `//iam.googleapis.com/${NAME}`, /audience or URL/],
    ["URL", `https://iam.googleapis.com/${NAME}`, /audience or URL/],
    ["uppercase", NAME.replace("my-repo", "My-Repo"), /lowercase/],
    ["short id", NAME.replace("my-repo", "ab"), /4 to 32 characters/],
    ["region", NAME.replace("global", "us-east1"), /locations\/global/],
    ["no projects", "pools/x", /does not start with "projects\/"/],
    ["trailing", `${NAME}/extra`, /does not end with "providers\/<provider>"/],
    ["long", `projects/1/${"a".repeat(5000)}`, /5011 characters long/],
  ];
  for (const [name, input, message] of rows) {
    await t.step(name, () => {
      assert.throws(() => parseWorkloadIdentityProvider(input), (error) => {
        assert.ok(error instanceof CredentialsError);
        assert.equal(error.code, "ERR_PROVIDER_INVALID");
        assert.equal(error.option, "workloadIdentityProvider");
        assert.match(error.message, message);
        assert.ok(error.message.length < 400);
        return true;
      });
    });
  }
});

Deno.test("stsAudience() uses the IAM host and defaultOidcAudience() the universe", () => {
  const provider = parseWorkloadIdentityProvider(NAME);
  assert.equal(stsAudience(provider, "https://iam.example.com/v1"), `//iam.example.com/${NAME}`);
  assert.equal(
    defaultOidcAudience(provider, "googleapis.com"),
    `https://iam.googleapis.com/${NAME}`,
  );
});
