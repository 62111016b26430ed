/**
 * Verification of Google-signed ID tokens (what Cloud Run, Cloud Tasks, Pub/Sub push and
 * `generateIdToken` send): RS256 against Google's published keys, Google's issuer, your audience,
 * expiry and not-before.
 *
 * @module
 */

import type { JWTPayload } from "jose";
import { VerificationError } from "../errors.ts";
import { endpointsOf } from "../universe.ts";
import { ownCopy } from "../_util/own.ts";
import { callSettings } from "../_transport/call_settings.ts";
import {
  CALL_OPTION_NAMES,
  optionNames,
  type OptionNameSet,
  refuseUnknownOptions,
} from "../_util/options.ts";
import type { CallOptions } from "../types.ts";
import { verifyToken } from "./_keys.ts";

/** The issuers of Google's ID tokens. */
export const GOOGLE_ID_TOKEN_ISSUERS: readonly string[] = [
  "https://accounts.google.com",
  "accounts.google.com",
];

/** Options of {@linkcode verifyIdToken}. */
export interface VerifyIdTokenOptions extends CallOptions {
  /** Leeway for `exp`, `nbf` and `iat`, in seconds; default 300, as Google's libraries allow. */
  clockSkewSeconds?: number;
  /** The `aud` the token must have (one of a list): your service's URL or client id. Required. */
  audience: string | readonly string[];
  /** The `email` the token must carry (with `email_verified`), such as the invoker's account. */
  email?: string;
  /** The Google Workspace domain (`hd`) the token's account must belong to. */
  hd?: string;
  /** The universe whose keys to use; default `googleapis.com` (`https://www.<universe>/oauth2/v3/certs`). */
  universeDomain?: string;
  /** The JWK Set URL instead, such as an emulator's `googleCertsUrl`. */
  certsUrl?: string;
}

const VERIFY_ID_TOKEN_OPTION_NAMES: OptionNameSet<VerifyIdTokenOptions> =
  /* @__PURE__ */ optionNames<VerifyIdTokenOptions>(
    CALL_OPTION_NAMES,
    {
      clockSkewSeconds: "number",
      audience: true,
      email: "string",
      hd: "string",
      universeDomain: "string",
      certsUrl: "string",
    },
  );

/** The claims of a verified Google ID token. */
export interface IdTokenPayload extends JWTPayload {
  /** The account's email, when the token was minted with it. */
  email?: string;
  /** Whether Google verified `email`. */
  email_verified?: boolean;
  /** The Google Workspace domain of the account. */
  hd?: string;
  /** The client the token was issued to. */
  azp?: string;
}

/**
 * Verifies a Google-signed ID token and returns its claims: the signature (RS256 only, against
 * Google's keys, fetched from the universe's certs URL, cached as its `Cache-Control: max-age`
 * says and fetched again once for an unknown key id), the issuer (`https://accounts.google.com` or
 * `accounts.google.com`), the audience, `exp` and `nbf` within `clockSkewSeconds`, and `email` and
 * `hd` when asked. What it reads is bounded as every call of `auth/` is.
 *
 * @param idToken The compact JWT, such as the `Authorization: Bearer` of a request.
 * @param options The audience (required), optional `email`/`hd`, and `fetch`, `now`, `signal`.
 * @returns The token's claims.
 * @throws {VerificationError} With a code that names the failed check (`ERR_TOKEN_EXPIRED`,
 * `ERR_TOKEN_AUDIENCE_MISMATCH`, `ERR_TOKEN_SIGNATURE_INVALID`, ...); never the token itself.
 * @throws {GoogleApiError} `ERR_CERTS_REQUEST_FAILED` when the keys cannot be fetched.
 *
 * @example A token from the emulator
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson } from "../mod.ts";
 * import { verifyIdToken } from "./mod.ts";
 * import { startEmulator } from "../../emulator/mod.ts";
 *
 * await using emulator = await startEmulator();
 * const credentials = credentialsFromJson(JSON.parse(await emulator.serviceAccountKey()));
 * const { token } = await credentials.getIdToken("https://my-service.a.run.app");
 * const claims = await verifyIdToken(token, {
 *   audience: "https://my-service.a.run.app",
 *   certsUrl: emulator.googleCertsUrl,
 * });
 * assert.equal(claims.iss, "https://accounts.google.com");
 * ```
 */
export async function verifyIdToken(
  idToken: string,
  options: VerifyIdTokenOptions,
): Promise<IdTokenPayload> {
  refuseUnknownOptions(options, VERIFY_ID_TOKEN_OPTION_NAMES, "verifyIdToken()");
  options = ownCopy(options);
  const keysUrl = options.certsUrl ??
    `${endpointsOf(options.universeDomain).www}/oauth2/v3/certs`;
  const payload: IdTokenPayload = await verifyToken(
    idToken,
    {
      what: "ID token",
      algorithm: "RS256",
      keysUrl,
      issuers: GOOGLE_ID_TOKEN_ISSUERS,
      audience: options.audience,
    },
    options.clockSkewSeconds,
    callSettings(options),
  );
  if (options.email !== undefined) {
    if (payload.email !== options.email || payload.email_verified !== true) {
      throw new VerificationError(
        "ERR_TOKEN_CLAIM_MISMATCH",
        `The ID token's email is not ${options.email} (verified)`,
      );
    }
  }
  if (options.hd !== undefined && payload.hd !== options.hd) {
    throw new VerificationError(
      "ERR_TOKEN_CLAIM_MISMATCH",
      `The ID token's account is not in the domain ${options.hd} ("hd")`,
    );
  }
  return payload;
}
