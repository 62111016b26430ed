/**
 * A loopback emulator of the outside world a GitHub Actions job talks to when it authenticates to
 * Google Cloud: GitHub's OIDC token endpoint, and Google's Security Token Service, IAM Service
 * Account Credentials and OAuth2 token endpoint. It validates requests as strictly as the real
 * services (signatures, audiences, attribute conditions, IAM bindings, lifetimes, body fields),
 * answers with their error shapes, records every request and injects faults. Use it to test code
 * that authenticates, with no cloud account; it runs on Deno, Node and Bun.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEmulator } from "./mod.ts";
 *
 * // (`await using`, where the runtime has it, closes it at the end of the block.)
 * const emulator = await startEmulator();
 * // What a runner would put in the job's environment.
 * const response = await fetch(`${emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL}&audience=test`, {
 *   headers: { authorization: `Bearer ${emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
 * });
 * const { value } = await response.json();
 * assert.equal(value.split(".").length, 3);
 * ```
 *
 * Importing this module starts nothing. The program that serves until SIGINT or SIGTERM and prints
 * the environment to export, for tools that are not JavaScript, is `emulator/main.ts`
 * (`deno run -A jsr:@gcp-oidc/auth/emulator/main`, or the npm package's `gcp-oidc-emulator`
 * command).
 *
 * @module
 */

export { startEmulator } from "./emulator.ts";
export type {
  AccessBoundaryRule,
  AsyncDisposableEmulator,
  AsyncDisposeSymbol,
  AuthorizedUserOptions,
  AwsCredentialsFileOptions,
  AwsOptions,
  AwsProviderOptions,
  AwsUserOptions,
  EmulatedAws,
  EmulatedX509,
  Emulator,
  EmulatorFault,
  EmulatorOptions,
  EmulatorRoute,
  ExternalAccountAuthorizedUserOptions,
  GithubClaims,
  GithubOptions,
  IamBinding,
  IapJwtOptions,
  ImpersonatedServiceAccountOptions,
  MetadataOptions,
  ProviderOptions,
  RecordedRequest,
  RecordOptions,
  TokenInfo,
  WorkforceProviderOptions,
  X509CredentialsFileOptions,
  X509ProviderOptions,
} from "./types.ts";
