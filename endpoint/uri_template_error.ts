/**
 * The error {@linkcode parseTemplate} throws for a template that is not valid RFC 6570.
 *
 * @module
 */

/**
 * A URI template is not valid RFC 6570 (level 4), or a value cannot be expanded by it (a prefix
 * modifier such as `{keys:1}` applied to a list or a map).
 *
 * It is a `SyntaxError`, so `catch (e) { if (e instanceof SyntaxError) ... }` also catches it.
 *
 * @example Catch an invalid template
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate, UriTemplateError } from "./mod.ts";
 *
 * try {
 *   parseTemplate("/repos/{owner");
 *   assert.fail("expected a UriTemplateError");
 * } catch (error) {
 *   assert.ok(error instanceof UriTemplateError);
 *   assert.equal(error.template, "/repos/{owner");
 *   assert.equal(error.index, 7);
 * }
 * ```
 */
export class UriTemplateError extends SyntaxError {
  /** The whole template that failed. */
  readonly template: string;
  /** The UTF-16 index in {@linkcode UriTemplateError.template} where the problem was found. */
  readonly index: number;

  /**
   * Creates the error; the message names the problem, the template and the index.
   *
   * @param problem What is wrong, such as `Unclosed expression`.
   * @param template The whole template.
   * @param index Where in `template` the problem is.
   */
  constructor(problem: string, template: string, index: number) {
    super(`${problem} in URI template ${quote(template)} at index ${index}`);
    this.name = "UriTemplateError";
    this.template = template;
    this.index = index;
  }
}

const MAX_QUOTED = 80;

function quote(template: string): string {
  const shown = template.length > MAX_QUOTED ? template.slice(0, MAX_QUOTED) + "…" : template;
  return JSON.stringify(shown);
}
