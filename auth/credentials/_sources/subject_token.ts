// The subject token of an `external_account` file: from its `credential_source` URL (GET with the
// file's headers) or file, as text or as a field of JSON. AWS, executable and certificate sources
// are refused at parse time.
import { bareEndpoint } from "../../../endpoint/mod.ts";
import { type AuthErrorOptions, GoogleApiError } from "../../errors.ts";
import { httpRequest } from "../../_transport/google_request.ts";
import { requestJson, requestText } from "../../_transport/http.ts";
import { quote } from "../../quote.ts";
import { fieldOf } from "../../_util/json.ts";
import {
  fieldError,
  type Fields,
  missingError,
  optionalObject,
  optionalString,
  requiredObject,
  requiredString,
  unsupported,
  urlField,
} from "./fields.ts";
import { readFailure, readFileBounded } from "./runtime.ts";
import type { FetchContext } from "./source.ts";

/** Fetches the current subject token. */
export type SubjectTokenSource = (context: FetchContext) => Promise<string>;

const UNSUPPORTED: Readonly<Record<string, string>> = {
  environment_id: "AWS (environment_id)",
  executable: "executable",
  certificate: "X.509 certificate (certificate)",
};

function refuseSource(fields: Fields, name: string): never {
  throw unsupported(
    fields,
    `the ${UNSUPPORTED[name]} credential source is not supported yet`,
  );
}

/** `format`: text, or a JSON field name. */
function formatOf(fields: Fields): string | undefined {
  const format = optionalObject(fields, "format");
  if (format === undefined) return undefined;
  const type = optionalString(format, "type") ?? "text";
  if (type === "text") return undefined;
  if (type !== "json") {
    throw fieldError(
      format,
      `"type" is ${quote(type)}, expected "text" or "json"`,
    );
  }
  return requiredString(format, "subject_token_field_name");
}

function headersOf(fields: Fields): Record<string, string> {
  const headers = optionalObject(fields, "headers");
  if (headers === undefined) return {};
  for (const [name, value] of Object.entries(headers.record)) {
    if (typeof value !== "string") {
      throw fieldError(
        headers,
        `header "${name}" is not a string`,
      );
    }
  }
  return headers.record as Record<string, string>;
}

/** What a failure to get the subject token from `where` says first. */
function failedFrom(where: string): string {
  return `Failed to read the subject token from ${where}`;
}

/** A subject token that could not be read (from a file, a URL or a body). */
function subjectTokenError(message: string, details: AuthErrorOptions): GoogleApiError {
  return new GoogleApiError("ERR_SUBJECT_TOKEN_FAILED", message, details);
}

function tokenFromText(
  text: string,
  field: string | undefined,
  where: string,
  secrets: readonly string[],
): string {
  const fail = (problem: string): never => {
    throw subjectTokenError(`${failedFrom(where)}: ${problem}`, { secrets });
  };
  if (field === undefined) {
    const token = text.trim();
    return token === "" ? fail("it is empty") : token;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("it is not JSON");
  }
  const value = fieldOf(json, field);
  return typeof value === "string" && value !== "" ? value : fail(`it has no "${field}" string`);
}

/** The sources that read the local machine, refused with `refuseLocalSources`. */
const LOCAL_SOURCES = ["file", "executable"];

/** Validates `credential_source` and returns how to fetch the subject token. */
export function subjectTokenSource(fields: Fields): SubjectTokenSource {
  const source = requiredObject(fields, "credential_source");
  const has = (name: string) => Object.hasOwn(source.record, name);
  const local = LOCAL_SOURCES.find(has);
  if (fields.refuseLocalSources === true && local !== undefined) {
    throw fieldError(
      source,
      `"${local}" reads the local machine, and the option refuseLocalSources refuses such sources`,
      "ERR_CREDENTIALS_SOURCE_REFUSED",
    );
  }
  for (const name of Object.keys(UNSUPPORTED)) {
    if (has(name)) refuseSource(source, name);
  }
  const field = formatOf(source);
  if (has("file") && has("url")) {
    throw fieldError(
      source,
      `it has both "file" and "url"; keep one`,
    );
  }
  if (has("file")) {
    const path = requiredString(source, "file");
    const where = `file ${quote(path)}`;
    return async (context) => {
      const { signal } = context.call;
      let text: string;
      try {
        text = await readFileBounded(context.readFile, path, signal);
      } catch (cause) {
        if (signal?.aborted && cause === signal.reason) throw cause;
        throw subjectTokenError(`${failedFrom(where)}: ${readFailure(cause)}`, { cause });
      }
      return tokenFromText(text, field, where, []);
    };
  }
  if (!has("url")) {
    throw missingError(source, `it has none of "url" and "file"`);
  }
  const url = urlField(source, "url");
  const headers = headersOf(source);
  // A header value is a secret, and so is the credential after its scheme (`Bearer <token>`).
  const secrets = Object.values(headers).flatMap((value) => [
    value,
    value.replace(/^\s*\S+\s+/, ""),
  ]);
  const { origin, pathname } = new URL(url);
  const where = `${origin}${pathname}`;
  const accept = field === undefined ? "text/plain" : "application/json";
  const message = failedFrom(where);
  const error = subjectTokenError;
  return async (context) => {
    const request = httpRequest(
      bareEndpoint("GET {+url}", { url, headers: { accept, ...headers } }),
    );
    if (field !== undefined) {
      return (await requestJson(request, context.call, { message, field, secrets, error })).token;
    }
    const response = await requestText(request, context.call, { message, secrets, error });
    return tokenFromText(response.text, undefined, where, secrets);
  };
}
