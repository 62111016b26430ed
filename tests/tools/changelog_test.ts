// tools/changelog.ts: the release task's rewrite of CHANGELOG.md (Keep a Changelog 1.1.0).
import assert from "node:assert/strict";
import { releaseChangelog } from "../../tools/changelog.ts";

const REPOSITORY = "https://github.com/o/r";

Deno.test("a later release moves only the Unreleased entries and links a comparison with the one before", () => {
  const before = [
    "# Changelog",
    "",
    "## [Unreleased]",
    "",
    "### Added",
    "",
    "- B.",
    "",
    "## [93.0.0] - 2026-01-01",
    "",
    "- A.",
    "",
    `[Unreleased]: ${REPOSITORY}/compare/v93.0.0...HEAD`,
    `[93.0.0]: ${REPOSITORY}/releases/tag/v93.0.0`,
    "",
  ].join("\n");
  assert.equal(
    releaseChangelog(before, "93.1.0", "2026-02-02"),
    [
      "# Changelog",
      "",
      "## [Unreleased]",
      "",
      "## [93.1.0] - 2026-02-02",
      "",
      "### Added",
      "",
      "- B.",
      "",
      "## [93.0.0] - 2026-01-01",
      "",
      "- A.",
      "",
      `[Unreleased]: ${REPOSITORY}/compare/v93.1.0...HEAD`,
      `[93.1.0]: ${REPOSITORY}/compare/v93.0.0...v93.1.0`,
      `[93.0.0]: ${REPOSITORY}/releases/tag/v93.0.0`,
      "",
    ].join("\n"),
  );
});

Deno.test("a changelog without link references gets none, and one that ends in the section keeps its end", () => {
  assert.equal(
    releaseChangelog("## [Unreleased]\n\n- A.\n", "93.0.0", "2026-01-01"),
    "## [Unreleased]\n\n## [93.0.0] - 2026-01-01\n\n- A.\n",
  );
});

Deno.test("a changelog the task cannot release is refused with what to fix", () => {
  assert.throws(
    () => releaseChangelog("# Changelog\n\n- A.\n", "93.0.0", "2026-01-01"),
    /needs exactly one "## \[Unreleased\]" heading/,
  );
  assert.throws(
    () => releaseChangelog("## [Unreleased]\n- A.\n## [Unreleased]\n", "93.0.0", "2026-01-01"),
    /needs exactly one/,
  );
  assert.throws(
    () =>
      releaseChangelog("## [Unreleased]\n\n\n## [92.0.0] - 2026-01-01\n", "93.0.0", "2026-01-01"),
    /section is empty: list what 93\.0\.0 changes under it/,
  );
  assert.throws(
    () =>
      releaseChangelog(
        "## [Unreleased]\n\n- A.\n\n[Unreleased]: ../HEAD\n",
        "93.0.0",
        "2026-01-01",
      ),
    /\[Unreleased\] link "\.\.\/HEAD" is not <repository>\/compare/,
  );
});
