/**
 * Google Cloud credentials from GitHub Actions OIDC, and the request options builder they are
 * made with.
 *
 * - `endpoint`: turns a REST route such as `"GET /repos/{owner}/{repo}"` plus parameters into
 *   request options `{ method, url, headers, body }` for any HTTP client; compatible with
 *   `@octokit/endpoint`, RFC 6570 done right, typed routes. Also at `@gcp-oidc/auth/endpoint`.
 * - `authenticate` and its building blocks: GitHub OIDC token to Workload Identity Federation,
 *   service account impersonation, service account keys and domain-wide delegation, over `fetch`
 *   and Web Crypto. Also at `@gcp-oidc/auth/auth`.
 *
 * The loopback emulator of GitHub's and Google's endpoints lives at `@gcp-oidc/auth/emulator`.
 *
 * @example Build request options for a GitHub route
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpoint } from "./mod.ts";
 *
 * const options = endpoint("GET /repos/{owner}/{repo}/issues", {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 *   state: "open",
 * });
 * assert.equal(options.method, "GET");
 * assert.equal(options.url, "https://api.github.com/repos/octo-org/octo-repo/issues?state=open");
 * ```
 *
 * @module
 */
export * from "./endpoint/mod.ts";
export * from "./auth/mod.ts";
