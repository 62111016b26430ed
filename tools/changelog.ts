/**
 * CHANGELOG.md as the release task rewrites it (Keep a Changelog 1.1.0): the entries under
 * `## [Unreleased]` move under `## [X.Y.Z] - YYYY-MM-DD`, `[Unreleased]` stays as an empty section,
 * and the link references at the end compare each release with the one before.
 *
 * @module
 */

const UNRELEASED_HEADING = "## [Unreleased]";
/** Where the Unreleased section ends: the next release's heading or the link references. */
const SECTION_END = /^(?:## |\[[^\]\n]+\]:[ \t])/m;
const RELEASE_HEADING = /^## \[(\d+\.\d+\.\d+)\]/m;
const UNRELEASED_LINK = /^\[unreleased\]:[ \t]*(\S+)[ \t]*$/im;
/** The repository's address in the Unreleased link: `<repository>/compare/...` or `/commits/...`. */
const REPOSITORY_OF_LINK = /^(https:\/\/\S+?)\/(?:compare|commits)\//;

/**
 * `changelog` with its Unreleased entries released as `version` on `date` (`YYYY-MM-DD`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { releaseChangelog } from "./changelog.ts";
 *
 * const before = "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- A bug.\n\n" +
 *   "[Unreleased]: https://github.com/o/r/commits/HEAD\n";
 * assert.equal(
 *   releaseChangelog(before, "98.76.54", "2026-01-31"),
 *   "# Changelog\n\n## [Unreleased]\n\n## [98.76.54] - 2026-01-31\n\n### Fixed\n\n- A bug.\n\n" +
 *     "[Unreleased]: https://github.com/o/r/compare/v98.76.54...HEAD\n" +
 *     "[98.76.54]: https://github.com/o/r/releases/tag/v98.76.54\n",
 * );
 * ```
 *
 * @throws {Error} When the changelog has no `## [Unreleased]` heading (or more than one), when
 * that section holds no entry, or when its link reference is not a repository's compare or commits
 * address.
 */
export function releaseChangelog(changelog: string, version: string, date: string): string {
  const start = changelog.indexOf(`${UNRELEASED_HEADING}\n`);
  if (start === -1 || changelog.indexOf(`${UNRELEASED_HEADING}\n`, start + 1) !== -1) {
    throw new Error(
      `CHANGELOG.md needs exactly one "${UNRELEASED_HEADING}" heading line, above the releases`,
    );
  }
  const bodyStart = start + UNRELEASED_HEADING.length + 1;
  const rest = changelog.slice(bodyStart);
  const end = rest.search(SECTION_END);
  const entries = (end === -1 ? rest : rest.slice(0, end)).trim();
  if (entries === "") {
    throw new Error(
      `CHANGELOG.md's "${UNRELEASED_HEADING}" section is empty: list what ${version} changes under it`,
    );
  }
  const after = end === -1 ? "" : rest.slice(end);
  const previous = RELEASE_HEADING.exec(after)?.[1];
  const released = `${changelog.slice(0, bodyStart)}\n## [${version}] - ${date}\n\n${entries}\n` +
    (after === "" ? "" : `\n${after}`);
  return withLinks(released, version, previous);
}

/** The link references updated for `version`, when the changelog has an Unreleased link. */
function withLinks(changelog: string, version: string, previous: string | undefined): string {
  const link = UNRELEASED_LINK.exec(changelog);
  if (link === null) return changelog;
  const repository = REPOSITORY_OF_LINK.exec(link[1]!)?.[1];
  if (repository === undefined) {
    throw new Error(
      `CHANGELOG.md's [Unreleased] link "${
        link[1]
      }" is not <repository>/compare/... or <repository>/commits/...`,
    );
  }
  const release = previous === undefined
    ? `${repository}/releases/tag/v${version}`
    : `${repository}/compare/v${previous}...v${version}`;
  const links = `[Unreleased]: ${repository}/compare/v${version}...HEAD\n[${version}]: ${release}`;
  return changelog.replace(UNRELEASED_LINK, () => links);
}
