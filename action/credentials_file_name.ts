/**
 * What main and post share about the credentials file: its name pattern and the state key of its
 * path, alone in a module so the post step's bundle does not carry the writer.
 *
 * @module
 */

/** The state key main saves the credentials file's path under, for post. */
export const CREDENTIALS_PATH_STATE = "credentials_file_path";

/**
 * The state key of the identity (`<dev>:<inode>`) of a file written at `credentials_file_path`:
 * post removes such a file only while it is still that file.
 */
export const CREDENTIALS_FILE_ID_STATE = "credentials_file_id";

/** The credentials file name pattern (`gha-creds-` + 16 lowercase hex digits + `.json`). */
export const CREDENTIALS_FILE_NAME: RegExp = /^gha-creds-[0-9a-f]{16}\.json$/;
