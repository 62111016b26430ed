// tools/semver.ts: the release task takes strict MAJOR.MINOR.PATCH only, and says what is wrong
// with anything else. The versions here have majors of 90 and more, which the project will not
// reach: only deno.json may hold the version the project is at (tests/package_test.ts).
import assert from "node:assert/strict";
import { compareVersions, formatVersion, parseVersion } from "../../tools/semver.ts";

Deno.test("parseVersion() takes MAJOR.MINOR.PATCH with numbers of any size and no leading zero", () => {
  assert.deepEqual(parseVersion("90.0.0"), { major: 90, minor: 0, patch: 0 });
  assert.deepEqual(parseVersion("90.200.3000"), { major: 90, minor: 200, patch: 3000 });
  assert.equal(formatVersion(parseVersion("90.0.7")), "90.0.7");
});

Deno.test("parseVersion() refuses everything else, naming the text and the fault", () => {
  const refusals: [string, RegExp][] = [
    ["", /no version given/],
    ["91.2", /has 2 parts/],
    ["91.2.3.4", /has 4 parts/],
    ["v91.2.3", /starts with a v/],
    ["V91.2.3", /starts with a v/],
    ["091.2.3", /leading zero/],
    ["91.02.3", /leading zero/],
    ["91.2.3-rc.1", /pre-releases/],
    ["91.2.3+build.5", /build metadata/],
    [" 91.2.3", /not three numbers/],
    ["91.2.x", /not three numbers/],
    ["9007199254740993.0.0", /not three numbers/],
  ];
  for (const [text, problem] of refusals) {
    assert.throws(() => parseVersion(text), (error: Error) => {
      assert.ok(error instanceof RangeError);
      assert.ok(error.message.startsWith(`${JSON.stringify(text)} is not a release version: `));
      assert.match(error.message, problem, text);
      return true;
    });
  }
});

Deno.test("compareVersions() orders by major, then minor, then patch, as numbers", () => {
  const sorted = ["92.0.0", "91.10.0", "91.2.10", "91.2.9", "90.9.9"].map(parseVersion)
    .sort(compareVersions).map(formatVersion);
  assert.deepEqual(sorted, ["90.9.9", "91.2.9", "91.2.10", "91.10.0", "92.0.0"]);
  assert.equal(compareVersions(parseVersion("93.1.4"), parseVersion("93.1.4")), 0);
});
