/**
 * Service account keys and the JWTs signed with them, locally over Web Crypto: the one key parser
 * (raw or base64 JSON, checked before anything is sent), the one local JWT signer, and the claims of
 * domain-wide delegation. To have IAM sign a JWT for an account whose key you do not hold, use
 * `signJwt` from `@gcp-oidc/auth/flows`.
 *
 * @example Parse a key and sign a JWT with it
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { parseServiceAccountKey, signJwtWithKey } from "./mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const key = parseServiceAccountKey(JSON.stringify({
 *   type: "service_account",
 *   project_id: "my-proj",
 *   private_key_id: "kid-1",
 *   private_key: await exportPKCS8(privateKey),
 *   client_email: "ci@my-proj.iam.gserviceaccount.com",
 * }));
 * const jwt = await signJwtWithKey(key, { iss: key.client_email, aud: "https://example.com" });
 * assert.equal(JSON.parse(atob(jwt.split(".")[0]!)).kid, "kid-1");
 * ```
 *
 * @module
 */

export { parseServiceAccountKey } from "./service_account_key.ts";
export type { ServiceAccountKey } from "./service_account_key.ts";
export { signJwtWithKey } from "./jwt.ts";
export type { JWTPayload } from "./jwt.ts";
export {
  buildDomainWideDelegationClaims,
  MAX_DELEGATED_LIFETIME_SECONDS,
} from "./domain_wide_delegation.ts";
export type { DomainWideDelegationClaimsOptions } from "./domain_wide_delegation.ts";
