/**
 * {@linkcode ActionInputError}: a step input (or the environment the runner should have provided)
 * is wrong, or the step cannot write its credentials file; an `AuthError` of the one error tree.
 *
 * @module
 */

import { AuthError, type AuthErrorCode } from "../auth/mod.ts";

export type { AuthErrorCode };

/** Codes of the step's own errors: a bad input, or a credentials file it cannot write. */
export type StepErrorCode = "ERR_ACTION_INPUT" | "ERR_CREDENTIALS_FILE";

/** Every code the step reports: its own two and those of `auth/`, one union. */
export type ActionErrorCode = AuthErrorCode | StepErrorCode;

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
 * A bad step input or a missing runner environment variable: an `AuthError` whose `option` is the
 * input's name, so one reporter handles every error of the step.
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
export class ActionInputError extends AuthError<ActionErrorCode> {
  /** Always `"ActionInputError"` (survives minification). */
  override name = "ActionInputError";
  /** The input (or environment variable) the error is about. */
  readonly input: string;

  /**
   * Builds the error.
   *
   * @param input The input or environment variable name.
   * @param message What is wrong, naming the input and quoting the value when it is not secret.
   * @param options Hint and cause.
   */
  constructor(input: string, message: string, options: ActionInputErrorOptions = {}) {
    super(options.code ?? "ERR_ACTION_INPUT", message, {
      option: input,
      hint: options.hint ?? `Fix the "${input}" input of the step; see docs/step.md for its format`,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.input = input;
  }
}
