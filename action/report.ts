/**
 * {@linkcode formatFailure}: turns any error of the step into the one annotation it reports.
 *
 * @module
 */

/** What {@linkcode formatFailure} returns. */
export interface FormattedFailure {
  /** The annotation text: `CODE: message`, then `Hint: ...` and the troubleshooting link. */
  annotation: string;
  /** Lines for the debug log: the cause chain (and the stack of an unexpected error). */
  debug: string[];
}

/** Where each code is explained. */
export const TROUBLESHOOTING_URL =
  "https://github.com/gcp-oidc/auth/blob/main/docs/TROUBLESHOOTING.md";

interface Coded {
  code: string;
  hint: string;
}

function isCoded(error: unknown): error is Error & Coded {
  return error instanceof Error && typeof (error as Partial<Coded>).code === "string" &&
    (error as Partial<Coded>).code?.startsWith("ERR_") === true &&
    typeof (error as Partial<Coded>).hint === "string";
}

/**
 * Formats an error as the step's failure annotation. Errors with a stable code (`AuthError`,
 * `ActionInputError`) give `CODE: message`, a `Hint:` line and a link to the code's section of
 * TROUBLESHOOTING.md; their cause chain goes to the debug log. Anything else is unexpected: its
 * message is reported and its stack goes to the debug log only. Messages of coded errors are
 * redacted where they are built; this function adds no value of its own.
 *
 * @param error What was thrown.
 * @returns The annotation and the debug lines.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ActionInputError } from "./errors.ts";
 * import { formatFailure } from "./report.ts";
 *
 * const { annotation } = formatFailure(
 *   new ActionInputError("token_format", 'Invalid input "token_format": "jwt" is not a token format'),
 * );
 * assert.match(annotation, /^ERR_ACTION_INPUT: Invalid input "token_format"/);
 * assert.match(annotation, /\nHint: /);
 * ```
 */
export function formatFailure(error: unknown): FormattedFailure {
  const debug: string[] = [];
  if (isCoded(error)) {
    for (let cause = error.cause, depth = 0; cause !== undefined && depth < 5; depth++) {
      const text = cause instanceof Error ? cause.message : String(cause);
      if (!error.message.includes(text)) {
        debug.push(`Caused by: ${cause instanceof Error ? `${cause.name}: ${text}` : text}`);
      }
      cause = cause instanceof Error ? cause.cause : undefined;
    }
    return {
      annotation:
        `${error.code}: ${error.message}\nHint: ${error.hint}\nSee ${TROUBLESHOOTING_URL}#${error.code.toLowerCase()}`,
      debug,
    };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && error.stack !== undefined) debug.push(error.stack);
  return {
    annotation:
      `Unexpected failure: ${message}\nHint: This is a bug or an environment problem; please report it with the debug log (re-run with debug logging)\nSee ${TROUBLESHOOTING_URL}`,
    debug,
  };
}
