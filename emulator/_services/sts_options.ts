// The `options` field of an STS exchange: a JSON object with `userProject` (workforce pools) or
// `accessBoundary` (downscoping). google-auth-library sends the JSON as it is; Python google-auth
// percent-encodes it first (`quote(json.dumps(...))`), so the form carries it encoded twice, and
// Google takes both: a value that does not start with `{` is decoded once more.
import { oauthError } from "../_core/wire.ts";

/** What `options` may hold. */
export interface ExchangeOptions {
  userProject?: string;
  accessBoundary?: unknown;
}

const KNOWN = ["userProject", "accessBoundary"];

function invalid(problem: string): Response {
  return oauthError(400, "invalid_request", `Invalid value for "options": ${problem}`);
}

/** The parsed `options` (empty when absent), or Google's 400. */
export function exchangeOptions(text: string): ExchangeOptions | Response {
  if (text === "") return {};
  let json = text.trimStart();
  if (!json.startsWith("{")) {
    try {
      json = decodeURIComponent(json);
    } catch {
      return invalid("it is not JSON");
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return invalid("it is not JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return invalid("it is not a JSON object");
  }
  const unknown = Object.keys(value).find((key) => !KNOWN.includes(key));
  if (unknown !== undefined) return invalid(`unknown field "${unknown}"`);
  const { userProject } = value as ExchangeOptions;
  if (userProject !== undefined && typeof userProject !== "string") {
    return invalid('"userProject" is not a string');
  }
  return value as ExchangeOptions;
}
