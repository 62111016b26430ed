// The subject token of an `external_account` file: from its `credential_source` URL (GET with the
// file's headers) or file, as text or as a field of JSON. AWS, executable and certificate sources
// are refused at parse time.
import { bareEndpoint } from "../../../endpoint/mod.ts";
import { type AuthErrorOptions, GoogleApiError } from "../../errors.ts";
import { _httpRequest } from "../../_transport/google_request.ts";
import { _requestJson, _requestText } from "../../_transport/http.ts";
import { quote } from "../../quote.ts";
import { _field } from "../../_util/json.ts";
import {
  _fieldError,
  type _Fields,
  _missing,
  _optionalObject,
  _optionalString,
  _requiredObject,
  _requiredString,
  _unsupported,
  _url,
} from "./fields.ts";
import { _readFailure } from "./runtime.ts";
import type { _FetchContext } from "./source.ts";

/** Fetches the current subject token. */
export type _SubjectTokenSource = (context: _FetchContext) => Promise<string>;

const UNSUPPORTED: Readonly<Record<string, string>> = {
  environment_id: "AWS (environment_id)",
  executable: "executable",
  certificate: "X.509 certificate (certificate)",
};

function _refuseSource(fields: _Fields, name: string): never {
  throw _unsupported(
    fields,
    `the ${UNSUPPORTED[name]} credential source is not supported yet`,
  );
}

/** `format`: text, or a JSON field name. */
function _format(fields: _Fields): string | undefined {
  const format = _optionalObject(fields, "format");
  if (format === undefined) return undefined;
  const type = _optionalString(format, "type") ?? "text";
  if (type === "text") return undefined;
  if (type !== "json") {
    throw _fieldError(
      format,
      `"type" is ${quote(type)}, expected "text" or "json"`,
    );
  }
  return _requiredString(format, "subject_token_field_name");
}

function _headers(fields: _Fields): Record<string, string> {
  const headers = _optionalObject(fields, "headers");
  if (headers === undefined) return {};
  for (const [name, value] of Object.entries(headers.record)) {
    if (typeof value !== "string") {
      throw _fieldError(
        headers,
        `header "${name}" is not a string`,
      );
    }
  }
  return headers.record as Record<string, string>;
}

/** What a failure to get the subject token from `where` says first. */
function _failedFrom(where: string): string {
  return `Failed to read the subject token from ${where}`;
}

/** A subject token that could not be read (from a file, a URL or a body). */
function _subjectTokenError(message: string, details: AuthErrorOptions): GoogleApiError {
  return new GoogleApiError("ERR_SUBJECT_TOKEN_FAILED", message, details);
}

function _tokenFromText(
  text: string,
  field: string | undefined,
  where: string,
  secrets: readonly string[],
): string {
  const fail = (problem: string): never => {
    throw _subjectTokenError(`${_failedFrom(where)}: ${problem}`, { secrets });
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
  const value = _field(json, field);
  return typeof value === "string" && value !== "" ? value : fail(`it has no "${field}" string`);
}

/** Validates `credential_source` and returns how to fetch the subject token. */
export function _subjectTokenSource(fields: _Fields): _SubjectTokenSource {
  const source = _requiredObject(fields, "credential_source");
  const has = (name: string) => Object.hasOwn(source.record, name);
  for (const name of Object.keys(UNSUPPORTED)) {
    if (has(name)) _refuseSource(source, name);
  }
  const field = _format(source);
  if (has("file") && has("url")) {
    throw _fieldError(
      source,
      `it has both "file" and "url"; keep one`,
    );
  }
  if (has("file")) {
    const path = _requiredString(source, "file");
    const where = `file ${quote(path)}`;
    return async (context) => {
      let text: string;
      try {
        text = await context.readFile(path);
      } catch (cause) {
        throw _subjectTokenError(`${_failedFrom(where)}: ${_readFailure(cause)}`, { cause });
      }
      return _tokenFromText(text, field, where, []);
    };
  }
  if (!has("url")) {
    throw _missing(source, `it has none of "url" and "file"`);
  }
  const url = _url(source, "url");
  const headers = _headers(source);
  // A header value is a secret, and so is the credential after its scheme (`Bearer <token>`).
  const secrets = Object.values(headers).flatMap((value) => [
    value,
    value.replace(/^\s*\S+\s+/, ""),
  ]);
  const { origin, pathname } = new URL(url);
  const where = `${origin}${pathname}`;
  const accept = field === undefined ? "text/plain" : "application/json";
  const message = _failedFrom(where);
  const error = _subjectTokenError;
  return async (context) => {
    const request = _httpRequest(
      bareEndpoint("GET {+url}", { url, headers: { accept, ...headers } }),
    );
    if (field !== undefined) {
      return (await _requestJson(request, context.call, { message, field, secrets, error })).token;
    }
    const response = await _requestText(request, context.call, { message, secrets, error });
    return _tokenFromText(response.text, undefined, where, secrets);
  };
}
