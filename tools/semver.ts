/**
 * The versions the project releases: strict `MAJOR.MINOR.PATCH` of Semantic Versioning 2.0.0, no
 * pre-release or build part (the step's users pin `vMAJOR` or `vMAJOR.MINOR.PATCH`; a pre-release
 * must never move `vMAJOR`, and the release task makes none).
 *
 * @module
 */

/** A release version, its three numbers. */
export interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** A number of semver: no leading zero (`01` is not one). */
const NUMBER = "(0|[1-9]\\d*)";
const STRICT = new RegExp(`^${NUMBER}\\.${NUMBER}\\.${NUMBER}$`);

/** Why `text` is not `MAJOR.MINOR.PATCH`, in words that say what to give instead. */
function problemOf(text: string): string {
  if (text.trim() === "") return "no version given";
  if (/^v/i.test(text)) {
    return "the version starts with a v: give the number alone (the tag adds it)";
  }
  if (/^[0-9.]+[-+]/.test(text)) {
    return "pre-releases and build metadata are not released: give MAJOR.MINOR.PATCH";
  }
  const parts = text.split(".");
  if (parts.length !== 3) return `it has ${parts.length} parts, not the 3 of MAJOR.MINOR.PATCH`;
  if (parts.some((part) => /^0\d/.test(part))) return "a number has a leading zero";
  return "it is not three numbers MAJOR.MINOR.PATCH";
}

/**
 * The version `text` names, strictly `MAJOR.MINOR.PATCH` (`98.76.54`, not `v98.76.54`,
 * `98.76`, `98.76.54.1`, `098.76.54` or `98.76.54-rc.1`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseVersion } from "./semver.ts";
 *
 * assert.deepEqual(parseVersion("98.76.54"), { major: 98, minor: 76, patch: 54 });
 * assert.throws(() => parseVersion("v98.76.54"), /"v98\.76\.54" is not a release version: .*starts with a v/);
 * ```
 *
 * @throws {RangeError} When `text` is anything else; the message names it and says why.
 */
export function parseVersion(text: string): Version {
  const match = STRICT.exec(text);
  if (match === null || match.slice(1).some((part) => !Number.isSafeInteger(Number(part)))) {
    throw new RangeError(`${JSON.stringify(text)} is not a release version: ${problemOf(text)}`);
  }
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return { major, minor, patch };
}

/**
 * Semver precedence: negative when `a` comes before `b`, 0 when equal, positive after.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareVersions, parseVersion } from "./semver.ts";
 *
 * assert.ok(compareVersions(parseVersion("98.10.0"), parseVersion("98.9.9")) > 0);
 * ```
 */
export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * `MAJOR.MINOR.PATCH`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatVersion } from "./semver.ts";
 *
 * assert.equal(formatVersion({ major: 98, minor: 76, patch: 54 }), "98.76.54");
 * ```
 */
export function formatVersion(version: Version): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}
