/**
 * The package's npm name and version, used in the default `user-agent` product token. Shared with
 * `auth/` so every request this package sends names the same product.
 *
 * @module
 */

import manifest from "../deno.json" with { type: "json" };

/**
 * The package name used in product tokens (`@gcp-oidc/auth` without the scope marker).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { PACKAGE_NAME } from "./_package.ts";
 *
 * assert.equal(PACKAGE_NAME, "gcp-oidc-auth");
 * ```
 */
export const PACKAGE_NAME = "gcp-oidc-auth";

/**
 * The package version: `version` in deno.json, the one place it is written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { VERSION } from "./_package.ts";
 *
 * assert.match(VERSION, /^\d+\.\d+\.\d+/);
 * ```
 */
export const VERSION: string = manifest.version;
