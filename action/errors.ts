/**
 * {@linkcode ActionInputError}: a step input (or the environment the runner should have provided)
 * is wrong; raised before anything is sent or written.
 *
 * @module
 */

import type { AuthErrorCode } from "../auth/mod.ts";

export type { AuthErrorCode };

/** Every code the step reports: its own two and those of `auth/`. */
export type ActionErrorCode = "ERR_ACTION_INPUT" | "ERR_CREDENTIALS_FILE" | AuthErrorCode;

/** Options of {@linkcode ActionInputError}. */
export interface ActionInputErrorOptions {
  /** What to do about it; a default names the input. */
  hint?: string;
  /** The underlying error. */
  cause?: unknown;
  /**
   * The `auth/` code when `auth/` found the problem, or `ERR_CREDENTIALS_FILE` when the
   * credentials file could not be written; default `ERR_ACTION_INPUT`.
   */
  code?: ActionErrorCode;
}

/**
 * A bad step input or a missing runner environment variable. Mirrors the shape of `auth/`'s
 * `AuthError` (`code`, `hint`) so one reporter handles both, and names the input.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ActionInputError } from "./errors.ts";
 *
 * const error = new ActionInputError("token_format", 'Invalid input "token_format": "jwt"');
 * assert.equal(error.code, "ERR_ACTION_INPUT");
 * assert.equal(error.input, "token_format");
 * assert.match(error.hint, /token_format/);
 * ```
 */
export class ActionInputError extends Error {
  /** Always `"ActionInputError"` (survives minification). */
  override name = "ActionInputError";
  /** Stable machine-readable code. */
  readonly code: ActionErrorCode;
  /** The input (or environment variable) the error is about. */
  readonly input: string;
  /** What to do about it. */
  readonly hint: string;

  /**
   * Builds the error.
   *
   * @param input The input or environment variable name.
   * @param message What is wrong, naming the input and quoting the value when it is not secret.
   * @param options Hint and cause.
   */
  constructor(input: string, message: string, options: ActionInputErrorOptions = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.code = options.code ?? "ERR_ACTION_INPUT";
    this.input = input;
    this.hint = options.hint ??
      `Fix the "${input}" input of the step; see docs/step.md for its format`;
  }
}
