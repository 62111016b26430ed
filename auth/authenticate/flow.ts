/**
 * What the parts of `authenticate()` share: the run's plan, options and call options, and how a
 * token becomes part of the result.
 *
 * @module
 */

import type { AuthenticateOptions, ValidatedAuthenticateOptions } from "./options.ts";
import type { AuthenticateResult } from "./authenticate.ts";
import type { CallOptions, ExpiringToken } from "../types.ts";

/** One run of `authenticate()`. */
export interface _Flow {
  plan: ValidatedAuthenticateOptions;
  options: AuthenticateOptions;
  call: CallOptions;
  secret: (value: string) => string;
  /** Reports the auth token, to `onSecret` first. */
  authToken: (value: string) => void;
}

/** `token` and its expiry as the result members `name` and `${name}ExpiresAt`. */
export function _withExpiry(
  token: ExpiringToken,
  name: "authToken" | "accessToken" | "idToken",
): Partial<AuthenticateResult> {
  const result: Partial<AuthenticateResult> = { [name]: token.token };
  if (token.expiresAt !== undefined) result[`${name}ExpiresAt`] = token.expiresAt;
  return result;
}
