/**
 * The types both V4 signers take: who signs, and how the bucket appears in the URL.
 *
 * @module
 */

import type { Credentials } from "../credentials/types.ts";

/** What signs: any credentials, or an object with their two signing methods. */
export type SigningCredentials = Pick<Credentials, "sign" | "getServiceAccountEmail">;

/** How the bucket appears in the URL. */
export type UrlStyle = "PATH_STYLE" | "VIRTUAL_HOSTED_STYLE" | "BUCKET_BOUND_HOSTNAME";
