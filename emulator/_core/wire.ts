// The wire shapes Google answers with, and request body parsing as strict as Google's front end:
// proto3 JSON (camelCase or snake_case field names, unknown names and wrong types rejected) and
// OAuth form bodies.

/** A request as the handlers see it. */
export interface Incoming {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The client certificate (DER) presented on the mutual TLS listener, if any. */
  clientCertificate?: Uint8Array;
}

/** A JSON answer. */
export function jsonResponse(value: unknown, status = 200): Response {
  return Response.json(value, { status, headers: { "cache-control": "no-store" } });
}

const RPC_STATUS: Readonly<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "OUT_OF_RANGE",
  500: "INTERNAL",
};

/** Google's API error shape: `{ error: { code, message, status, details? } }`. */
export function rpcError(code: number, message: string, details?: unknown[]): Response {
  const error = {
    code,
    message,
    status: RPC_STATUS[code] ?? "UNKNOWN",
    ...(details === undefined ? {} : { details }),
  };
  return jsonResponse({ error }, code);
}

/** The OAuth 2.0 error shape STS and the token endpoint use: `{ error, error_description }`. */
export function oauthError(status: number, error: string, description: string): Response {
  return jsonResponse({ error, error_description: description }, status);
}

/**
 * The type of a proto3 JSON field. A `bool` is `true` or `false`, or the strings `"true"` and
 * `"false"`, which Google's JSON parser also takes (Python google-auth and Java send them).
 */
export type FieldType = "string" | "bool" | "strings";

const TYPE_NAMES: Readonly<Record<FieldType, string>> = {
  string: "TYPE_STRING",
  bool: "TYPE_BOOL",
  strings: "TYPE_STRING",
};

const BOOL_STRINGS: Readonly<Record<string, boolean>> = { true: true, false: false };

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function fits(type: FieldType, value: unknown): boolean {
  if (type === "string") return typeof value === "string";
  if (type === "bool") {
    return typeof value === "boolean" ||
      (typeof value === "string" && Object.hasOwn(BOOL_STRINGS, value));
  }
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * Parses a proto3 JSON body against its fields (camelCase names); answers Google's 400 for bad
 * JSON, unknown names and wrong types. Returns the fields by camelCase name.
 */
export function parseProtoJson(
  request: Incoming,
  fields: Readonly<Record<string, FieldType>>,
): Record<string, unknown> | Response {
  let parsed: unknown;
  try {
    parsed = request.body.trim() === "" ? {} : JSON.parse(request.body);
  } catch {
    return rpcError(400, "Invalid JSON payload received. Unexpected token.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return rpcError(400, "Invalid JSON payload received. Expected an object.");
  }
  const byName = new Map<string, string>();
  for (const name of Object.keys(fields)) {
    byName.set(name, name);
    byName.set(snake(name), name);
  }
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const name = byName.get(key);
    if (name === undefined) {
      return rpcError(
        400,
        `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`,
      );
    }
    const type = fields[name]!;
    if (value !== null && !fits(type, value)) {
      return rpcError(
        400,
        `Invalid value at '${snake(name)}' (${TYPE_NAMES[type]}), ${JSON.stringify(value)}`,
      );
    }
    if (value === null) continue;
    result[name] = type === "bool" && typeof value === "string" ? BOOL_STRINGS[value] : value;
  }
  return result;
}

/** Parses an `application/x-www-form-urlencoded` body; repeated names are a 400. */
export function parseForm(request: Incoming): Record<string, string> | Response {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return oauthError(
      400,
      "invalid_request",
      "Content-Type must be application/x-www-form-urlencoded",
    );
  }
  const result: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(request.body)) {
    if (Object.hasOwn(result, name)) {
      return oauthError(400, "invalid_request", `Parameter "${name}" is repeated`);
    }
    result[name] = value;
  }
  return result;
}

/** The bearer token of a request, or `undefined`. */
export function bearerToken(request: Incoming): string | undefined {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer (\S+)$/i.exec(header);
  return match?.[1];
}

/** `{ requestReason }` from the `x-goog-request-reason` header, or `{}`, to spread into a record. */
export function requestReason(request: Incoming): { requestReason?: string } {
  const reason = request.headers.get("x-goog-request-reason");
  return reason === null ? {} : { requestReason: reason };
}

/** RFC 3339 UTC with whole seconds, as Google formats `expireTime`. */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}
