/**
 * Google Cloud credentials for Deno, Node, Bun and Workers, over `fetch` and Web Crypto: the same
 * names as `@gcp-oidc/auth/auth`. Application Default Credentials and credentials from a
 * configuration whose tokens refresh themselves, `toAuthClient()` for the SDKs that take
 * google-auth-library's clients, and `authenticate()`, the GitHub OIDC -> Workload Identity
 * Federation -> IAM Credentials flow of the workflow step.
 *
 * Other jobs have entries of their own: `@gcp-oidc/auth/flows` (each Google and GitHub call),
 * `/keys` (service account keys and JWTs), `/signing` (signed URLs and POST policies), `/verify`
 * (ID tokens and IAP assertions), `/endpoint` (the request options builder, compatible with
 * `@octokit/endpoint`), `/emulator` (a loopback emulator of GitHub's and Google's endpoints) and
 * `/run-executable`.
 *
 * @example Credentials from a service account key
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "./mod.ts";
 *
 * const credentials = credentialsFromJson({
 *   type: "authorized_user",
 *   client_id: "id.apps.googleusercontent.com",
 *   client_secret: "secret",
 *   refresh_token: "1//refresh",
 * }, {
 *   fetch: async () => Response.json({ access_token: "ya29.user", expires_in: 3600 }),
 * });
 * assert.equal((await credentials.getAccessToken()).token, "ya29.user");
 * ```
 *
 * @module
 */
export * from "./auth/mod.ts";
