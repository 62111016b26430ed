/**
 * A stand-in for `google-auth-library`, to alias that name to at bundle time: the SDKs built on
 * it (`@anthropic-ai/vertex-sdk`, `@google/genai/node`, `@ai-sdk/google-vertex`) then build and run
 * without Node compatibility (a Worker with `no_nodejs_compat`), on this library's credentials.
 * It has {@linkcode GoogleAuth} (`getClient`, `getRequestHeaders`, `getAccessToken`,
 * `getProjectId`, `getUniverseDomain`, `fetch`), the {@linkcode AuthClient} shape and
 * {@linkcode GoogleAuthOptions}; the rest of google-auth-library (`OAuth2Client`, `JWT`, `sign`,
 * ID token clients...) is not there, so a bundle that uses it fails to build, naming it.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { GoogleAuth } from "./mod.ts";
 *
 * // As @ai-sdk/google-vertex does at module load: nothing is looked for yet.
 * const auth = new GoogleAuth({ scopes: ["https://www.googleapis.com/auth/cloud-platform"] });
 * assert.equal(auth.projectId, undefined);
 * ```
 *
 * @module
 */

export { GoogleAuth, type GoogleAuthOptions } from "./google_auth.ts";
export { GoogleAuthBase, type MadeCredentialsOptions } from "./google_auth_base.ts";
export type { AuthClient } from "../credentials/auth_client.ts";
export type { TokenStore } from "../credentials/types.ts";
