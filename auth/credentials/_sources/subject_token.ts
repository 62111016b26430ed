// The subject token of an `external_account` file: from its `credential_source` URL (GET with the
// file's headers) or file, as text or as a field of JSON; AWS (aws.ts) and executable
// (executable.ts) sources; or the supplier options of a configuration made in code. X.509
// certificate sources (certificate.ts) are a session of their own, which external_account.ts opens.
import { bareEndpoint } from "../../../endpoint/mod.ts";
import { type AuthErrorOptions, GoogleApiError } from "../../errors.ts";
import { httpRequest } from "../../_transport/google_request.ts";
import { requestJson, requestText } from "../../_transport/http.ts";
import { quote } from "../../_util/quote.ts";
import { fieldOf } from "../../_util/json.ts";
import {
  fieldError,
  type Fields,
  missingError,
  optionalObject,
  optionalString,
  requiredObject,
  requiredString,
  urlField,
} from "./fields.ts";
import { awsSource, awsSupplierSource } from "./aws.ts";
import { executableSource } from "./executable.ts";
import { readFailure, readFileBounded } from "./runtime.ts";
import type { SubjectTokenSession, SubjectTokenSource } from "./source.ts";
import { certificateSession } from "./certificate.ts";
import type { ExternalAccountSettings } from "../_settings.ts";
import { suppliedSubjectToken } from "./supplied_subject_token.ts";
import { requireMethods } from "../../_util/options.ts";
import { SOURCE_REFUSED_HINT, SUBJECT_TOKEN_HINT } from "../../_hints.ts";

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
  return new GoogleApiError("ERR_SUBJECT_TOKEN_FAILED", message, {
    ...details,
    defaultHint: SUBJECT_TOKEN_HINT,
  });
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

/** The sources that read the local machine, refused with `refuseLocalSources`: what each does. */
const LOCAL_SOURCES: Readonly<Record<string, string>> = {
  file: '"file" reads the local machine',
  executable: '"executable" reads the local machine: it runs a program',
  environment_id:
    '"environment_id" (AWS) reads the local machine: it signs with its AWS credentials',
  certificate: '"certificate" reads the local machine: a certificate and its private key',
};

/** The subject token source of a supplier option, when one is given (then no credential_source). */
function supplierSource(
  fields: Fields,
  settings: ExternalAccountSettings,
): SubjectTokenSource | undefined {
  const { subjectTokenSupplier, awsSecurityCredentialsSupplier } = settings.suppliers;
  const given = [
    subjectTokenSupplier === undefined ? [] : ["subjectTokenSupplier"],
    awsSecurityCredentialsSupplier === undefined ? [] : ["awsSecurityCredentialsSupplier"],
  ].flat();
  if (given.length === 0) return undefined;
  if (given.length > 1) {
    throw fieldError(
      fields,
      `the options ${given.join(" and ")} both give the subject token; pass one`,
    );
  }
  if (fields.record.credential_source !== undefined && fields.record.credential_source !== null) {
    throw fieldError(
      fields,
      `it has "credential_source" and the option ${given[0]} gives the subject token; keep one`,
    );
  }
  if (subjectTokenSupplier !== undefined) {
    requireMethods("subjectTokenSupplier", subjectTokenSupplier, ["getSubjectToken"]);
    return suppliedSubjectToken(fields, subjectTokenSupplier);
  }
  requireMethods("awsSecurityCredentialsSupplier", awsSecurityCredentialsSupplier, [
    "getAwsRegion",
    "getAwsSecurityCredentials",
  ]);
  return awsSupplierSource(fields, awsSecurityCredentialsSupplier!);
}

/**
 * Validates `credential_source` (or a supplier option) and returns the session that fetches the
 * subject token and says how to exchange it.
 */
export function subjectTokenSession(
  fields: Fields,
  settings: ExternalAccountSettings,
): SubjectTokenSession {
  const source = subjectTokenSource(fields, settings);
  if (typeof source !== "function") return source.session;
  return async (context, use) => await use(await source(context), context);
}

/**
 * Validates `credential_source` (or a supplier option) and returns how to fetch the subject token,
 * or the session of an X.509 source.
 */
function subjectTokenSource(
  fields: Fields,
  settings: ExternalAccountSettings,
): SubjectTokenSource | { session: SubjectTokenSession } {
  const supplied = supplierSource(fields, settings);
  if (supplied !== undefined) return supplied;
  if (fields.record.credential_source === undefined || fields.record.credential_source === null) {
    throw missingError(
      fields,
      `"credential_source" is missing (a configuration made in code passes the option subjectTokenSupplier or awsSecurityCredentialsSupplier instead)`,
    );
  }
  const source = requiredObject(fields, "credential_source");
  const has = (name: string) => Object.hasOwn(source.record, name);
  const local = Object.keys(LOCAL_SOURCES).find(has);
  if (settings.refuseLocalSources && local !== undefined) {
    throw fieldError(
      source,
      `${LOCAL_SOURCES[local]}, and the option refuseLocalSources refuses such sources`,
      "ERR_CREDENTIALS_SOURCE_REFUSED",
      undefined,
      SOURCE_REFUSED_HINT,
    );
  }
  // An AWS source's "url" is its metadata service's: it may come with "environment_id".
  const kinds = ["certificate", "executable", "environment_id", "file", "url"].filter(has);
  const kind = kinds[0];
  const clash = kinds.find((other) =>
    other !== kind && !(kind === "environment_id" && other === "url")
  );
  if (clash !== undefined) {
    throw fieldError(source, `it has "${kind}" and "${clash}"; keep one`);
  }
  if (kind === "certificate") return { session: certificateSession(source, settings) };
  if (kind === "environment_id") return awsSource(fields, source, settings.env);
  if (kind === "executable") return executableSource(fields, source, settings);
  const field = formatOf(source);
  if (has("file")) {
    const path = requiredString(source, "file");
    const where = `file ${quote(path)}`;
    return async (context) => {
      const { signal } = context.call;
      let text: string;
      try {
        text = await readFileBounded(settings.readFile, path, signal);
      } catch (cause) {
        if (signal?.aborted && cause === signal.reason) throw cause;
        throw subjectTokenError(`${failedFrom(where)}: ${readFailure(cause)}`, { cause });
      }
      return tokenFromText(text, field, where, []);
    };
  }
  if (!has("url")) {
    throw missingError(
      source,
      `it has none of "url" and "file" (nor "environment_id" for AWS, nor "executable")`,
    );
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
