/**
 * {@linkcode GoogleAuth}: google-auth-library's entry class over this library's credentials, for
 * SDKs that construct one themselves (`@anthropic-ai/vertex-sdk`, `@google/genai`,
 * `@ai-sdk/google-vertex`) when `google-auth-library` is aliased to this module at bundle time.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { loadCredentials } from "../credentials/load_credentials.ts";
import { credentialsFromJson } from "../credentials/credentials_from_json.ts";
import { type AuthClient, toAuthClient } from "../credentials/auth_client.ts";
import { hasFileSystem, readFailure, readFileDefault } from "../credentials/_sources/runtime.ts";
import {
  GoogleAuthBase,
  type GoogleAuthOptions,
  type MadeCredentialsOptions,
  withType,
} from "./google_auth_base.ts";

export type { GoogleAuthOptions };

const KEY_FILE_HINT =
  "pass the file's contents as `credentials` (for example from a secret binding) instead";

/** Where a file system is, the options to find credentials by ADC, `keyFile` first. */
function keyFileOf(options: GoogleAuthOptions): string | undefined {
  const keyFile = options.keyFile ?? options.keyFilename;
  if (keyFile === undefined || options.authClient !== undefined) return undefined;
  if (options.credentials !== undefined) return undefined;
  if (!hasFileSystem()) {
    throw new CredentialsError(
      "ERR_OPTIONS_INVALID",
      "Cannot use GoogleAuth's keyFile/keyFilename: this runtime has no file system",
      { option: "keyFile", hint: KEY_FILE_HINT },
    );
  }
  return keyFile;
}

/**
 * google-auth-library's `GoogleAuth` over this library's credentials: `credentials` (an object or
 * JSON text) or `authClient` when given, else Application Default Credentials
 * (`loadCredentials()`), looked for on the first call, never at construction (an SDK may construct
 * one at module load). `keyFile`/`keyFilename` are read where the runtime has a file system and
 * refused at construction where it has none (a Worker).
 *
 * @example The calls @anthropic-ai/vertex-sdk makes
 * ```ts
 * import assert from "node:assert/strict";
 * import { GoogleAuth } from "./google_auth.ts";
 *
 * const auth = new GoogleAuth({
 *   credentials: JSON.stringify({
 *     type: "authorized_user",
 *     client_id: "id",
 *     client_secret: "s",
 *     refresh_token: "r",
 *     quota_project_id: "billing",
 *   }),
 *   projectId: "my-project",
 *   fetch: async () => Response.json({ access_token: "ya29.t", expires_in: 3600 }),
 * });
 * const client = await auth.getClient();
 * assert.equal(client.projectId, "my-project");
 * const headers = await client.getRequestHeaders();
 * assert.equal(headers.get("authorization"), "Bearer ya29.t");
 * assert.equal(headers.get("x-goog-user-project"), "billing");
 * assert.equal(await auth.getAccessToken(), "ya29.t");
 * ```
 */
export class GoogleAuth extends GoogleAuthBase {
  readonly #keyFile: string | undefined;

  /**
   * Keeps the options; makes no call and reads nothing.
   *
   * @param options The options; none means Application Default Credentials.
   * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for `keyFile` without a file system.
   */
  constructor(options: GoogleAuthOptions = {}) {
    super(options);
    this.#keyFile = keyFileOf(options);
  }

  /**
   * The client of `credentials` by their type, else of `keyFile`, else of Application Default
   * Credentials.
   *
   * @param options The options as given.
   * @param made The options of the credentials to make.
   * @returns The client.
   */
  protected override async makeClient(
    { credentials }: Readonly<GoogleAuthOptions>,
    made: MadeCredentialsOptions,
  ): Promise<AuthClient> {
    if (credentials !== undefined) {
      return toAuthClient(credentialsFromJson(withType(credentials), made));
    }
    const keyFile = this.#keyFile;
    const file = keyFile === undefined ? {} : { credentials: withType(await readKeyFile(keyFile)) };
    return toAuthClient(await loadCredentials({ ...made, ...file }));
  }
}

/** The text of `keyFile`, bounded as every credentials file. */
async function readKeyFile(keyFile: string): Promise<string> {
  try {
    return await readFileDefault(keyFile);
  } catch (cause) {
    throw new CredentialsError(
      "ERR_CREDENTIALS_UNREADABLE",
      `Cannot read GoogleAuth's keyFile ${JSON.stringify(keyFile)}: ${readFailure(cause)}`,
      { option: "keyFile", cause },
    );
  }
}
