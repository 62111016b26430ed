/**
 * The error every shim of a package left out of the step's bundle throws: `@actions/core` imports
 * it for features the step never uses, so reaching it is a bug in the step, not in its inputs.
 *
 * @module
 */

/**
 * An error naming what the step reached that it does not bundle.
 *
 * @param name The export, such as `HttpClient`.
 * @param specifier The module it belongs to, such as `@actions/http-client`.
 * @returns The error to throw.
 */
export function notBundled(name: string, specifier: string): Error {
  return new Error(
    `${name} of ${specifier} is not bundled with this step: @actions/core reached a feature the step does not use (please report this as a bug)`,
  );
}
