/**
 * The credentials file name pattern, alone in a module so the post step's bundle does not carry
 * the writer.
 *
 * @module
 */

/** The credentials file name pattern (`gha-creds-` + 16 lowercase hex digits + `.json`). */
export const CREDENTIALS_FILE_NAME: RegExp = /^gha-creds-[0-9a-f]{16}\.json$/;
