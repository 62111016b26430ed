/**
 * Google Cloud Storage V4 signing: signed URLs and signed POST policies, with any credentials that
 * can sign (a key locally, anything else through IAM's `signBlob`). The options are named after
 * Google's V4 signing conformance file, whose cases all pass.
 *
 * @example A signed URL with a fake signer
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSignedUrl } from "./mod.ts";
 *
 * const credentials = {
 *   getServiceAccountEmail: async () => "signer@my-proj.iam.gserviceaccount.com",
 *   sign: async (_data: Uint8Array) => new Uint8Array([1, 2, 3]),
 * };
 * const url = await createSignedUrl(credentials, {
 *   bucket: "my-bucket",
 *   object: "report.pdf",
 *   expiration: 600,
 *   timestamp: new Date("2030-01-01T00:00:00Z"),
 * });
 * assert.match(url, /^https:\/\/storage\.googleapis\.com\/my-bucket\/report\.pdf\?X-Goog-Algorithm=GOOG4-RSA-SHA256/);
 * assert.match(url, /X-Goog-Signature=010203$/);
 * ```
 *
 * @module
 */

export { createSignedUrl } from "./signed_url.ts";
export type { SignedUrlOptions } from "./signed_url.ts";
export type { SigningCredentials, UrlStyle } from "./types.ts";
export { createSignedPostPolicy } from "./signed_post_policy.ts";
export type {
  PostPolicyConditions,
  SignedPostPolicy,
  SignedPostPolicyOptions,
} from "./signed_post_policy.ts";
