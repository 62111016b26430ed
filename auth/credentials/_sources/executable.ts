// Executable sources (`credential_source.executable`): a program prints the subject token as a
// JSON response, as google-auth-library runs it: only with GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1,
// with the GOOGLE_EXTERNAL_ACCOUNT_* variables, within `timeout_millis`, its last response reused
// from `output_file` while it lasts. The program is started by the runExecutable option (auth/
// starts no process itself); its output is bounded and never quoted in an error.
import { CredentialsError, type CredentialsErrorCode } from "../../errors.ts";
import { onAbort, untilAborted } from "../../_util/abort.ts";
import { quote } from "../../_util/quote.ts";
import { redactAndTruncate } from "../../_util/redact.ts";
import {
  fieldError,
  type Fields,
  optionalString,
  requiredObject,
  requiredString,
} from "./fields.ts";
import { IMPERSONATION_URL_FIELD, parseImpersonation } from "./impersonation.ts";
import {
  type ExecutableResponse,
  parseExecutableResponse,
  ResponseFormatError,
} from "./executable_response.ts";
import { readFailure, readFileBounded } from "./runtime.ts";
import type { FetchContext, SubjectTokenSource } from "./source.ts";

/** The switch that allows executables, as Google's libraries read it. */
export const ALLOW_EXECUTABLES = "GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES";
const DEFAULT_TIMEOUT_MS = 30_000;
const MIN_TIMEOUT_MS = 5_000;
const MAX_TIMEOUT_MS = 120_000;
/** The most bytes of output read: a response holds one token (a SAML response is the largest). */
export const MAX_OUTPUT_BYTES = 1 << 20;
/** The most characters of an unsuccessful response's message shown. */
const MAX_MESSAGE = 200;

/**
 * The words of a command, as google-auth-library splits it: on white space, except inside double
 * quotes, which are removed around a whole word. No shell runs it.
 */
export function splitCommand(command: string): string[] {
  return (command.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((word) =>
    word.length > 1 && word.startsWith('"') && word.endsWith('"') ? word.slice(1, -1) : word
  );
}

function timeoutOf(executable: Fields): number {
  const value = executable.record.timeout_millis;
  if (value === undefined || value === null) return DEFAULT_TIMEOUT_MS;
  if (
    typeof value !== "number" || !Number.isInteger(value) || value < MIN_TIMEOUT_MS ||
    value > MAX_TIMEOUT_MS
  ) {
    throw fieldError(
      executable,
      `"timeout_millis" must be a whole number from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`,
    );
  }
  return value;
}

/** Validates an executable `credential_source` and returns its subject token source. */
export function executableSource(fields: Fields, source: Fields): SubjectTokenSource {
  const executable = requiredObject(source, "executable");
  const command = requiredString(executable, "command");
  const [first, ...args] = splitCommand(command);
  const program = first ?? "";
  if (program === "") {
    throw fieldError(executable, `"command" names no program`);
  }
  const timeoutMs = timeoutOf(executable);
  const outputFile = optionalString(executable, "output_file");
  const audience = requiredString(fields, "audience");
  const subjectTokenType = requiredString(fields, "subject_token_type");
  const env: Record<string, string> = {
    GOOGLE_EXTERNAL_ACCOUNT_AUDIENCE: audience,
    GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE: subjectTokenType,
    // Interactive mode (gcloud's workforce sign-in) is not supported, as in google-auth-library.
    GOOGLE_EXTERNAL_ACCOUNT_INTERACTIVE: "0",
  };
  if (optionalString(fields, IMPERSONATION_URL_FIELD) !== undefined) {
    env.GOOGLE_EXTERNAL_ACCOUNT_IMPERSONATED_EMAIL =
      parseImpersonation(fields).identity.serviceAccountEmail;
  }
  if (outputFile !== undefined) env.GOOGLE_EXTERNAL_ACCOUNT_OUTPUT_FILE = outputFile;
  const what = `the subject token of ${fields.origin} from the executable ${quote(program)}`;
  const error = (code: CredentialsErrorCode, problem: string, cause?: unknown) =>
    new CredentialsError(code, `Cannot get ${what}: ${problem}`, { option: "credentials", cause });

  /** The token of a response, or why it cannot be used. */
  function tokenOf(response: ExecutableResponse, now: number): string {
    if (!response.success) {
      const message = redactAndTruncate(response.message, [], MAX_MESSAGE);
      throw error(
        "ERR_EXECUTABLE_UNSUCCESSFUL",
        `it answered unsuccessful, code ${quote(response.code)}: ${message}`,
      );
    }
    if (response.expirationTime !== undefined && response.expirationTime * 1000 <= now) {
      throw error(
        "ERR_EXECUTABLE_RESPONSE_INVALID",
        `its token expired at ${new Date(response.expirationTime * 1000).toISOString()}`,
      );
    }
    return response.token;
  }

  /** The response in `output_file` while it lasts; any other content is ignored (the program rewrites it). */
  async function cached(context: FetchContext, now: number): Promise<string | undefined> {
    let text: string;
    try {
      text = await readFileBounded(context.readFile, outputFile!, context.call.signal);
    } catch (cause) {
      context.call.signal?.throwIfAborted();
      context.call.log?.debug(`Not using output_file ${quote(outputFile!)}: ${readFailure(cause)}`);
      return undefined;
    }
    if (text.trim() === "") return undefined;
    try {
      const response = parseExecutableResponse(text, true);
      if (response.success && response.expirationTime! * 1000 > now) return response.token;
      context.call.log?.debug(
        `Not using output_file ${quote(outputFile!)}: unsuccessful or expired`,
      );
    } catch (cause) {
      if (!(cause instanceof ResponseFormatError)) throw cause;
      context.call.log?.debug(`Not using output_file ${quote(outputFile!)}: ${cause.message}`);
    }
    return undefined;
  }

  /** Runs the program within the timeout, its output bounded. */
  async function run(context: FetchContext): Promise<string> {
    const runExecutable = context.runExecutable;
    if (runExecutable === undefined) {
      throw error(
        "ERR_EXECUTABLE_UNAVAILABLE",
        "this runtime gives auth/ no way to start a program; pass the option runExecutable",
      );
    }
    const caller = context.call.signal;
    const controller = new AbortController();
    const timeout = new DOMException(`Timed out after ${timeoutMs} ms`, "TimeoutError");
    const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
    const unfollow = onAbort(caller, () => controller.abort(caller?.reason));
    const { signal } = controller;
    const running = Promise.resolve().then(() =>
      runExecutable({ command: program, args, env, signal, maxOutputBytes: MAX_OUTPUT_BYTES })
    );
    try {
      // A runner that ignores the signal does not keep the call waiting past the timeout.
      const result = await untilAborted(running, signal);
      // A runner that does not say is measured here, in bytes as the bound is.
      const tooLarge = result.outputTooLarge ??
        new TextEncoder().encode(result.stdout).byteLength > MAX_OUTPUT_BYTES;
      if (tooLarge) {
        throw error("ERR_EXECUTABLE_FAILED", `its output went past ${MAX_OUTPUT_BYTES} bytes`);
      }
      if (result.exitCode !== 0) {
        throw error(
          "ERR_EXECUTABLE_FAILED",
          result.exitCode === null
            ? "a signal ended it (its output is not shown)"
            : `it exited with code ${result.exitCode} (its output is not shown)`,
        );
      }
      return result.stdout;
    } catch (cause) {
      caller?.throwIfAborted();
      if (signal.reason === timeout) {
        throw error(
          "ERR_EXECUTABLE_TIMEOUT",
          `it did not finish within "timeout_millis", ${timeoutMs} ms, and was stopped`,
        );
      }
      if (cause instanceof CredentialsError) throw cause;
      throw error("ERR_EXECUTABLE_FAILED", `it could not be run: ${readFailure(cause)}`, cause);
    } finally {
      clearTimeout(timer);
      unfollow();
    }
  }

  return async (context) => {
    if (context.env[ALLOW_EXECUTABLES] !== "1") {
      throw error(
        "ERR_EXECUTABLES_NOT_ALLOWED",
        `executables run only with ${ALLOW_EXECUTABLES}=1 in the environment`,
      );
    }
    const now = context.call.now?.() ?? Date.now();
    if (outputFile !== undefined) {
      const token = await cached(context, now);
      if (token !== undefined) return token;
    }
    const output = await run(context);
    let response: ExecutableResponse;
    try {
      response = parseExecutableResponse(output, outputFile !== undefined);
    } catch (cause) {
      if (!(cause instanceof ResponseFormatError)) throw cause;
      throw error("ERR_EXECUTABLE_RESPONSE_INVALID", `its response is malformed: ${cause.message}`);
    }
    return tokenOf(response, now);
  };
}
