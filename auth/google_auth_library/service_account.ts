/**
 * A stand-in for `google-auth-library` that takes service account keys only, to alias that name
 * to at bundle time where bundle size counts (a Worker): the {@linkcode GoogleAuth} of
 * `@gcp-oidc/auth/google-auth-library` less every other credential source, file reading and
 * Application Default Credentials. `credentials` (a key, as JSON text or object) or `authClient`
 * is required; `keyFile`/`keyFilename` are refused at construction, another credentials type on
 * the first call. For anything else, alias `google-auth-library` to
 * `@gcp-oidc/auth/google-auth-library`.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { GoogleAuth } from "./service_account.ts";
 *
 * const auth = new GoogleAuth({ credentials: { type: "authorized_user", refresh_token: "r" } });
 * await assert.rejects(auth.getClient(), { code: "ERR_CREDENTIALS_WRONG_TYPE" });
 * ```
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { type AuthClient, toAuthClient } from "../credentials/auth_client.ts";
import { serviceAccountKeySource } from "../credentials/service_account_credentials.ts";
import { CachedCredentials } from "../credentials/_cache/cached_credentials.ts";
import { withTokenStore } from "../credentials/_cache/shared_token.ts";
import { credentialsSettings } from "../credentials/_settings.ts";
import {
  GoogleAuthBase,
  type GoogleAuthOptions,
  type MadeCredentialsOptions,
  withType,
} from "./google_auth_base.ts";

export { GoogleAuthBase, type GoogleAuthOptions, type MadeCredentialsOptions };
export type { AuthClient };
export type { TokenStore } from "../credentials/types.ts";

const ENTRY = "@gcp-oidc/auth/google-auth-library/service-account";
const FULL_ENTRY_HINT =
  "pass the key's JSON as `credentials` (for example from a secret binding), or alias " +
  "google-auth-library to @gcp-oidc/auth/google-auth-library, which finds credentials of every type";

/**
 * google-auth-library's `GoogleAuth` over a service account key: `credentials` (the key's JSON
 * text or object, `type` may be left out) or `authClient`. Tokens are minted on the first call,
 * never at construction, cached, refreshed and shared through `tokenStore` when given.
 *
 * @example The calls @anthropic-ai/vertex-sdk makes, with a fake token endpoint
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { GoogleAuth } from "./service_account.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const auth = new GoogleAuth({
 *   credentials: {
 *     project_id: "my-project",
 *     private_key: await exportPKCS8(privateKey),
 *     client_email: "worker@my-project.iam.gserviceaccount.com",
 *   },
 *   fetch: async () => Response.json({ access_token: "ya29.key", expires_in: 3600 }),
 * });
 * const client = await auth.getClient();
 * assert.equal(client.projectId, "my-project");
 * const headers = await client.getRequestHeaders();
 * assert.equal(headers.get("authorization"), "Bearer ya29.key");
 * ```
 */
export class GoogleAuth extends GoogleAuthBase {
  /**
   * Keeps the options; makes no call and reads nothing.
   *
   * @param options The options: `credentials` or `authClient`.
   * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for `keyFile` or `keyFilename`.
   */
  constructor(options: GoogleAuthOptions = {}) {
    super(options);
    for (const option of ["keyFile", "keyFilename"] as const) {
      if (options[option] !== undefined && options.authClient === undefined) {
        throw new CredentialsError(
          "ERR_OPTIONS_INVALID",
          `Cannot use GoogleAuth's ${option}: the GoogleAuth of ${ENTRY} reads no file`,
          { option, hint: FULL_ENTRY_HINT },
        );
      }
    }
  }

  /**
   * The client of the key's credentials.
   *
   * @param options The options as given.
   * @param made The options of the credentials to make.
   * @returns The client.
   * @throws {CredentialsError} `ERR_OPTIONS_INVALID` without `credentials`;
   * `ERR_CREDENTIALS_WRONG_TYPE` for credentials of another type.
   */
  protected override makeClient(
    { credentials }: Readonly<GoogleAuthOptions>,
    { tokenStore, ...made }: MadeCredentialsOptions,
  ): Promise<AuthClient> {
    if (credentials === undefined) {
      throw new CredentialsError(
        "ERR_OPTIONS_INVALID",
        `Cannot make credentials: the GoogleAuth of ${ENTRY} needs the credentials option (a ` +
          "service account key) or authClient, and looks for no Application Default Credentials",
        { option: "credentials", hint: FULL_ENTRY_HINT },
      );
    }
    const source = serviceAccountKeySource(withType(credentials), `the GoogleAuth of ${ENTRY}`);
    const settings = withTokenStore(credentialsSettings(made), tokenStore);
    return Promise.resolve(toAuthClient(new CachedCredentials(source, settings)));
  }
}
