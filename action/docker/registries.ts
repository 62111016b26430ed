/**
 * {@linkcode parseDockerRegistries}: the `docker_registries` input, a list of registry hosts.
 *
 * @module
 */

import { quote } from "../../auth/_step.ts";
import { ActionInputError } from "../errors.ts";
import { parseMultilineCsv } from "../input_parsers.ts";

/** A DNS host name (labels of letters, digits and inner hyphens) with an optional port. */
const HOST =
  /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/;

/**
 * Parses `docker_registries`: registry hosts separated by commas or newlines, such as
 * `us-docker.pkg.dev, gcr.io`, each a host name with an optional port (no scheme, path or user),
 * lower-cased, duplicates dropped.
 *
 * @param value The input's value.
 * @returns The hosts, in order; empty when the input is.
 * @throws {ActionInputError} Naming `docker_registries` and quoting the entry that is not a host.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDockerRegistries } from "./registries.ts";
 *
 * assert.deepEqual(parseDockerRegistries("us-docker.pkg.dev, GCR.io\nus-docker.pkg.dev"), [
 *   "us-docker.pkg.dev",
 *   "gcr.io",
 * ]);
 * assert.throws(() => parseDockerRegistries("https://gcr.io/my-proj"), /docker_registries/);
 * ```
 */
export function parseDockerRegistries(value: string): string[] {
  const hosts: string[] = [];
  for (const entry of parseMultilineCsv(value)) {
    const host = entry.toLowerCase();
    const match = HOST.exec(host);
    const port = match?.[1] === undefined ? 1 : Number(match[1]);
    if (match === null || port < 1 || port > 65535) {
      throw new ActionInputError(
        "docker_registries",
        `Invalid input "docker_registries": ${quote(entry)} is not a registry host name`,
        {
          hint:
            'List registry hosts only, without scheme or path, such as "us-docker.pkg.dev, europe-west1-docker.pkg.dev, gcr.io"',
        },
      );
    }
    if (!hosts.includes(host)) hosts.push(host);
  }
  return hosts;
}
