/**
 * Options of `external_account` credentials made in code: a subject token or AWS credentials from
 * the caller's own function instead of a `credential_source`, and the way executable sources start
 * a process.
 *
 * @module
 */

/**
 * What a supplier is told about the credentials that ask it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExternalAccountSupplierContext } from "../mod.ts";
 *
 * const context: ExternalAccountSupplierContext = {
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *   subjectTokenType: "urn:ietf:params:oauth:token-type:jwt",
 * };
 * assert.match(context.audience, /providers\/x$/);
 * ```
 */
export interface ExternalAccountSupplierContext {
  /** The configuration's `audience`: the workload or workforce pool provider. */
  audience: string;
  /** The configuration's `subject_token_type`. */
  subjectTokenType: string;
}

/**
 * Gives the subject token of `external_account` credentials that have no `credential_source`
 * (such as a token from Vercel's OIDC integration or an identity provider's SDK). It is called at
 * each refresh of the access token and not cached: cache in the supplier if its tokens last.
 *
 * @example A supplier for credentials made in code
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsFromJson, type SubjectTokenSupplier } from "../mod.ts";
 *
 * const subjectTokenSupplier: SubjectTokenSupplier = {
 *   getSubjectToken: async ({ subjectTokenType }) => {
 *     assert.equal(subjectTokenType, "urn:ietf:params:oauth:token-type:jwt");
 *     return "eyJhbGciOiJSUzI1NiJ9.e30.sig";
 *   },
 * };
 * const credentials = credentialsFromJson({
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
 *   subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
 * }, {
 *   subjectTokenSupplier,
 *   fetch: async (_url, init) => {
 *     assert.equal(JSON.parse(String(init?.body)).subjectToken, "eyJhbGciOiJSUzI1NiJ9.e30.sig");
 *     return Response.json({ access_token: "federated", expires_in: 3600 });
 *   },
 * });
 * assert.equal((await credentials.getAccessToken()).token, "federated");
 * ```
 */
export interface SubjectTokenSupplier {
  /** The current subject token. */
  getSubjectToken(context: ExternalAccountSupplierContext): Promise<string>;
}

/**
 * AWS security credentials: an access key and, for temporary credentials, the session token.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AwsSecurityCredentials } from "../mod.ts";
 *
 * const credentials: AwsSecurityCredentials = {
 *   accessKeyId: "AKIDEXAMPLE",
 *   secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
 * };
 * assert.equal(credentials.token, undefined);
 * ```
 */
export interface AwsSecurityCredentials {
  /** The access key id. */
  accessKeyId: string;
  /** The secret access key. */
  secretAccessKey: string;
  /** The session token of temporary credentials. */
  token?: string;
}

/**
 * Gives the AWS region and credentials of an AWS `external_account` made in code (no
 * `credential_source`), as google-auth-library's option of the same name: the region is asked
 * once, the credentials at each refresh (cache in the supplier if they last).
 *
 * @example AWS credentials from the caller's own code
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AwsSecurityCredentialsSupplier, credentialsFromJson } from "../mod.ts";
 *
 * const awsSecurityCredentialsSupplier: AwsSecurityCredentialsSupplier = {
 *   getAwsRegion: async () => "us-east-2",
 *   getAwsSecurityCredentials: async () => ({
 *     accessKeyId: "AKIDEXAMPLE",
 *     secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
 *   }),
 * };
 * const credentials = credentialsFromJson({
 *   type: "external_account",
 *   audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/aws",
 *   subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
 * }, {
 *   awsSecurityCredentialsSupplier,
 *   fetch: async (_url, init) => {
 *     const signed = JSON.parse(decodeURIComponent(JSON.parse(String(init?.body)).subjectToken));
 *     assert.equal(signed.url, "https://sts.us-east-2.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15");
 *     return Response.json({ access_token: "federated", expires_in: 3600 });
 *   },
 * });
 * assert.equal((await credentials.getAccessToken()).token, "federated");
 * ```
 */
export interface AwsSecurityCredentialsSupplier {
  /** The AWS region, such as `us-east-2`. */
  getAwsRegion(context: ExternalAccountSupplierContext): Promise<string>;
  /** The AWS credentials that sign the `GetCallerIdentity` request. */
  getAwsSecurityCredentials(
    context: ExternalAccountSupplierContext,
  ): Promise<AwsSecurityCredentials>;
}

/**
 * A program an executable source starts: no shell, the words of `credential_source.executable.command`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExecutableRequest } from "../mod.ts";
 *
 * const request: ExecutableRequest = {
 *   command: "/usr/bin/mytool",
 *   args: ["--arg"],
 *   env: { GOOGLE_EXTERNAL_ACCOUNT_INTERACTIVE: "0" },
 *   signal: AbortSignal.timeout(30_000),
 *   maxOutputBytes: 1 << 20,
 * };
 * assert.deepEqual(request.args, ["--arg"]);
 * ```
 */
export interface ExecutableRequest {
  /** The program: a path, or a name looked up on the `PATH`. */
  command: string;
  /** Its arguments. */
  args: readonly string[];
  /** Variables added to the environment the program inherits (`GOOGLE_EXTERNAL_ACCOUNT_*`). */
  env: Readonly<Record<string, string>>;
  /** Aborts when `timeout_millis` passes or the call is aborted: kill the program then. */
  signal: AbortSignal;
  /** The most bytes of standard output read; past it, stop reading and kill the program. */
  maxOutputBytes: number;
}

/**
 * What the program did: its exit code (`null` when a signal ended it) and its standard output as
 * UTF-8 text, of at most `maxOutputBytes` bytes or cut just past them (then `outputTooLarge`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExecutableResult } from "../mod.ts";
 *
 * const result: ExecutableResult = { exitCode: 0, stdout: '{"version":1,"success":true}' };
 * assert.equal(JSON.parse(result.stdout).version, 1);
 * ```
 */
export interface ExecutableResult {
  /** The exit code, or `null` when a signal ended the program. */
  exitCode: number | null;
  /** Standard output (standard error is not read). */
  stdout: string;
  /**
   * Whether standard output went past `maxOutputBytes` (the program was then killed, so its exit
   * code says nothing): a runner that reads bytes says so here, as the text's length counts
   * UTF-16 units, not bytes.
   */
  outputTooLarge?: boolean;
}

/**
 * Starts a program for an executable credential source and waits for it. The default is the
 * runtime's: `runExecutable` of `@gcp-oidc/auth/run-executable` (over `node:child_process`) on
 * Deno, Bun and the npm package's Node entry points. A runtime without processes (a Worker) has
 * none, and an executable source there is `ERR_EXECUTABLE_UNAVAILABLE` unless this option is given.
 *
 * @example A runner that answers without starting anything (a test double)
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RunExecutableLike } from "../mod.ts";
 *
 * const runExecutable: RunExecutableLike = async ({ command, env }) => {
 *   assert.equal(command, "/usr/bin/mytool");
 *   return {
 *     exitCode: 0,
 *     stdout: JSON.stringify({
 *       version: 1,
 *       success: true,
 *       token_type: env.GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE,
 *       id_token: "eyJ.header.sig",
 *     }),
 *   };
 * };
 * const result = await runExecutable({
 *   command: "/usr/bin/mytool",
 *   args: [],
 *   env: { GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE: "urn:ietf:params:oauth:token-type:jwt" },
 *   signal: AbortSignal.timeout(5000),
 *   maxOutputBytes: 1024,
 * });
 * assert.equal(JSON.parse(result.stdout).success, true);
 * ```
 */
export type RunExecutableLike = (request: ExecutableRequest) => Promise<ExecutableResult>;

/**
 * The options of `external_account` credentials beyond a file's fields.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExternalAccountOptions } from "../mod.ts";
 *
 * const options: ExternalAccountOptions = {
 *   subjectTokenSupplier: { getSubjectToken: async () => "eyJ.subject.token" },
 * };
 * assert.equal(
 *   await options.subjectTokenSupplier?.getSubjectToken({ audience: "a", subjectTokenType: "t" }),
 *   "eyJ.subject.token",
 * );
 * ```
 */
export interface ExternalAccountOptions {
  /**
   * Gives the subject token of an `external_account` configuration without `credential_source`.
   */
  subjectTokenSupplier?: SubjectTokenSupplier;
  /**
   * Gives the AWS region and credentials of an `external_account` configuration without
   * `credential_source` (its `subject_token_type` is
   * `urn:ietf:params:aws:token-type:aws4_request`).
   */
  awsSecurityCredentialsSupplier?: AwsSecurityCredentialsSupplier;
  /**
   * Starts the program of an executable source (`credential_source.executable`); default none,
   * except in the npm package's Node entry points (`node:child_process`). Executables also need
   * `GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1` in `env`.
   */
  runExecutable?: RunExecutableLike;
}
