// The response of an executable source's program (version 1 of Google's format), checked field by
// field: every problem names the field and never quotes the response, which holds a token.
import { isRecord } from "../../_util/json.ts";
import { quote } from "../../_util/quote.ts";

/** The token field of each token type a program may answer. */
const TOKEN_FIELDS: Readonly<Record<string, string>> = {
  "urn:ietf:params:oauth:token-type:jwt": "id_token",
  "urn:ietf:params:oauth:token-type:id_token": "id_token",
  "urn:ietf:params:oauth:token-type:saml2": "saml_response",
};

/** A well-formed response: a token (and when it expires, Unix seconds), or the program's failure. */
export type ExecutableResponse =
  | { success: true; token: string; expirationTime?: number }
  | { success: false; code: string; message: string };

/** A response that breaks the format; its message says which field, never what it holds. */
export class ResponseFormatError extends Error {
  override name = "ResponseFormatError";
}

function fail(problem: string): never {
  throw new ResponseFormatError(problem);
}

function requiredText(record: Record<string, unknown>, name: string, when: string): string {
  const value = record[name];
  return typeof value === "string" && value !== ""
    ? value
    : fail(`it has no "${name}" string ${when}`);
}

/**
 * Parses a program's response; throws a {@linkcode ResponseFormatError} naming the broken field.
 * `expirationRequired`: a successful response must say when it expires (an `output_file` is set).
 */
export function parseExecutableResponse(
  text: string,
  expirationRequired: boolean,
): ExecutableResponse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail("it is not JSON");
  }
  if (!isRecord(json)) fail("it is not a JSON object");
  const { version, success } = json;
  if (typeof version !== "number") fail(`it has no "version" number`);
  if (version !== 1) fail(`its "version" is ${version}; only version 1 is supported`);
  if (typeof success !== "boolean") fail(`it has no "success" boolean`);
  if (!success) {
    return {
      success,
      code: requiredText(json, "code", "(an unsuccessful response needs one)"),
      message: requiredText(json, "message", "(an unsuccessful response needs one)"),
    };
  }
  const type = json.token_type;
  const field = typeof type === "string" ? TOKEN_FIELDS[type] : undefined;
  if (field === undefined) {
    fail(
      `its "token_type" is ${typeof type === "string" ? quote(type) : "missing"}, expected one of ${
        Object.keys(TOKEN_FIELDS).join(", ")
      }`,
    );
  }
  const token = requiredText(json, field, `(token_type ${type})`);
  const expiration = json.expiration_time;
  if (expiration === undefined || expiration === null) {
    if (expirationRequired) {
      fail(`it has no "expiration_time" (a successful response needs one with an output_file)`);
    }
    return { success, token };
  }
  if (typeof expiration !== "number" || !Number.isSafeInteger(expiration)) {
    fail(`its "expiration_time" is not a whole number of seconds since 1970`);
  }
  return { success, token, expirationTime: expiration };
}
