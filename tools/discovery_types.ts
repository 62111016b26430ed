/**
 * `deno task discovery-types <discovery.json> > out.ts`: a type module in the shape
 * openapi-typescript gives an OpenAPI document (`paths`, `operations`, `components`), written from
 * a Google Discovery document, so that `typedEndpoint<paths>()` and `createRequest<paths>()` type
 * Google's APIs as they type GitHub's.
 *
 * - Each method is `paths["/<path>"]["<http method>"]`, its path as Discovery writes it (RFC 6570:
 *   `{bucket}` percent-encodes a `/`, `{+name}` keeps it; `:verb` custom methods stay in the path)
 *   relative to `baseUrl`, which the module exports (`rootUrl` + `servicePath`).
 * - Path parameters are required strings; query parameters keep Discovery's types (`int64` values
 *   are strings, as Google sends them; `enum` gives a union; `repeated` an array) and `required`;
 *   the document's own parameters (`fields`, `quotaUser`, ...) are in `StandardParameters`, which
 *   every method's query takes.
 * - The request body is `request.$ref`'s schema, as JSON; the 200 response is `response.$ref`'s,
 *   and a method without one answers with no content.
 * - Schemas become `components["schemas"]`: Discovery marks no property required, so every
 *   property is optional.
 *
 * Media uploads (`mediaUpload`, paths under `/upload/`) are not in `paths`: they are relative to
 * `rootUrl` and take raw bodies.
 *
 * @module
 */

/** A Discovery JSON schema (a subset: what the types need). */
interface DiscoverySchema {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  enum?: string[];
  items?: DiscoverySchema;
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
  deprecated?: boolean;
}

/** A Discovery method parameter. */
interface DiscoveryParameter extends DiscoverySchema {
  location?: string;
  required?: boolean;
  repeated?: boolean;
}

/** A Discovery method. */
interface DiscoveryMethod {
  id: string;
  path: string;
  httpMethod: string;
  description?: string;
  parameters?: Record<string, DiscoveryParameter>;
  request?: { $ref: string };
  response?: { $ref: string };
  supportsMediaDownload?: boolean;
  deprecated?: boolean;
}

/** A Discovery resource: methods and nested resources. */
interface DiscoveryResource {
  methods?: Record<string, DiscoveryMethod>;
  resources?: Record<string, DiscoveryResource>;
}

/** A Discovery document (a subset: what the types need). */
export interface DiscoveryDocument extends DiscoveryResource {
  id: string;
  title?: string;
  revision?: string;
  rootUrl: string;
  servicePath: string;
  parameters?: Record<string, DiscoveryParameter>;
  schemas?: Record<string, DiscoverySchema>;
}

/** The order methods are written in within a path. */
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property key, quoted when it is not an identifier (`$.xgafv`, `upload_protocol` is fine). */
function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A JSDoc comment at `indent`, or nothing: the text can't close the comment early. */
function doc(indent: string, text: string | undefined, deprecated = false): string[] {
  const lines = (text ?? "").replaceAll("*/", "*\\/").split(/\r?\n/).map((line) => line.trimEnd())
    .filter((line, index, all) => line !== "" || (index > 0 && index < all.length - 1));
  if (deprecated) lines.push("@deprecated");
  if (lines.length === 0) return [];
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

/** The TypeScript type of a schema, written at `indent` (for nested object literals). */
function typeOf(schema: DiscoverySchema, indent: string): string {
  if (schema.$ref !== undefined) return `components["schemas"][${JSON.stringify(schema.$ref)}]`;
  switch (schema.type) {
    case "string":
      return schema.enum ? schema.enum.map((value) => JSON.stringify(value)).join(" | ") : "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return `(${typeOf(schema.items ?? {}, indent)})[]`;
    case "object":
      return objectType(schema, indent);
    default:
      // "any", and schemas without a type.
      return "unknown";
  }
}

/** An object schema: its properties (all optional) and its additional properties' type. */
function objectType(schema: DiscoverySchema, indent: string): string {
  const inner = `${indent}  `;
  const members = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    ...doc(inner, property.description, property.deprecated),
    `${inner}${key(name)}?: ${typeOf(property, inner)};`,
  ]);
  if (schema.additionalProperties !== undefined) {
    members.push(`${inner}[key: string]: ${typeOf(schema.additionalProperties, inner)};`);
  } else if (schema.properties === undefined) {
    members.push(`${inner}[key: string]: unknown;`);
  }
  return members.length === 0 ? "Record<string, never>" : `{\n${members.join("\n")}\n${indent}}`;
}

/** The type of a parameter: its schema's, or an array of it when it repeats. */
function parameterType(parameter: DiscoveryParameter, indent: string): string {
  const type = typeOf(parameter, indent);
  return parameter.repeated ? `(${type})[]` : type;
}

/** The members of a parameter group, `required` ones without `?`. */
function parameterMembers(
  parameters: [string, DiscoveryParameter][],
  indent: string,
  allRequired = false,
): string[] {
  return parameters.flatMap(([name, parameter]) => [
    ...doc(indent, parameter.description, parameter.deprecated),
    `${indent}${key(name)}${allRequired || parameter.required ? "" : "?"}: ${
      parameterType(parameter, indent)
    };`,
  ]);
}

/** Every method of the document and its resources, depth first. */
function methodsOf(resource: DiscoveryResource): DiscoveryMethod[] {
  return [
    ...Object.values(resource.methods ?? {}),
    ...Object.values(resource.resources ?? {}).flatMap(methodsOf),
  ];
}

/** The operation type of a method. */
function operation(method: DiscoveryMethod): string[] {
  const parameters = Object.entries(method.parameters ?? {});
  const path = parameters.filter(([, parameter]) => parameter.location === "path");
  const query = parameters.filter(([, parameter]) => parameter.location === "query");
  // A method that downloads media also takes alt=media, which the document's `alt` may not list.
  const standard = method.supportsMediaDownload
    ? `Omit<StandardParameters, "alt"> & { alt?: "json" | "media" }`
    : "StandardParameters";
  const queryRequired = query.some(([, parameter]) => parameter.required);
  const lines = [
    ...doc("  ", method.description, method.deprecated),
    `  ${JSON.stringify(method.id)}: {`,
    "    parameters: {",
    `      query${queryRequired ? "" : "?"}: ${standard}${query.length === 0 ? ";" : " & {"}`,
  ];
  if (query.length > 0) lines.push(...parameterMembers(query, "        "), "      };");
  if (path.length > 0) {
    lines.push("      path: {", ...parameterMembers(path, "        ", true), "      };");
  }
  lines.push("    };");
  if (method.request !== undefined) {
    lines.push(
      "    requestBody: {",
      `      content: { "application/json": components["schemas"][${
        JSON.stringify(method.request.$ref)
      }] };`,
      "    };",
    );
  }
  lines.push("    responses: {");
  if (method.response !== undefined) {
    lines.push(
      "      200: {",
      `        content: { "application/json": components["schemas"][${
        JSON.stringify(method.response.$ref)
      }] };`,
      "      };",
    );
  } else {
    lines.push("      200: { content?: never };");
  }
  lines.push("    };", "  };");
  return lines;
}

/** The module text for a Discovery document. */
export function discoveryTypes(document: DiscoveryDocument): string {
  const methods = methodsOf(document).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byPath = new Map<string, DiscoveryMethod[]>();
  for (const method of methods) {
    const path = `/${method.path}`;
    byPath.set(path, [...(byPath.get(path) ?? []), method]);
  }
  const baseUrl = `${document.rootUrl}${document.servicePath}`.replace(/\/+$/, "");
  const title = document.title ?? document.id;
  const lines = [
    "/**",
    ` * ${title} (\`${document.id}\`${
      document.revision ? `, revision ${document.revision}` : ""
    }).`,
    " *",
    " * Types in the shape openapi-typescript gives an OpenAPI document, written by",
    " * `deno task discovery-types` from the API's Google Discovery document. Do not edit: generate",
    " * it again.",
    " *",
    " * @module",
    " */",
    "",
    "/** The URL the paths are relative to: the document's `rootUrl` and `servicePath`. */",
    `export const baseUrl = ${JSON.stringify(baseUrl)};`,
    "",
    "/** Every method, by path and HTTP method. */",
    "export interface paths {",
  ];
  for (const path of [...byPath.keys()].sort()) {
    lines.push(`  ${JSON.stringify(path)}: {`);
    const sorted = byPath.get(path)!.sort((a, b) =>
      HTTP_METHODS.indexOf(a.httpMethod.toLowerCase()) -
      HTTP_METHODS.indexOf(b.httpMethod.toLowerCase())
    );
    for (const method of sorted) {
      lines.push(
        `    ${method.httpMethod.toLowerCase()}: operations[${JSON.stringify(method.id)}];`,
      );
    }
    lines.push("  };");
  }
  lines.push(
    "}",
    "",
    "/** The query parameters every method takes (the document's own `parameters`). */",
    "export interface StandardParameters {",
    ...parameterMembers(Object.entries(document.parameters ?? {}), "  "),
    "}",
    "",
    "/** Every method by its Discovery id: parameters, body and response. */",
    "export interface operations {",
    ...methods.flatMap(operation),
    "}",
    "",
    "/** The document's schemas. */",
    "export interface components {",
    "  schemas: {",
  );
  const schemas = Object.entries(document.schemas ?? {});
  for (const [name, schema] of schemas.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    lines.push(...doc("    ", schema.description), `    ${key(name)}: ${typeOf(schema, "    ")};`);
  }
  lines.push("  };", "}", "");
  return lines.join("\n");
}

/** What a Discovery document must hold for the generator. */
function assertDiscoveryDocument(value: unknown, file: string): asserts value is DiscoveryDocument {
  const document = value as Partial<DiscoveryDocument> | null;
  const missing = ["id", "rootUrl", "servicePath"].filter((field) =>
    typeof (document as Record<string, unknown> | null)?.[field] !== "string"
  );
  if (document === null || typeof document !== "object" || missing.length > 0) {
    throw new TypeError(
      `Cannot generate types from ${file}: not a Google Discovery document (no string ${
        missing.join(", ")
      }); pass the JSON of https://<api>.googleapis.com/$discovery/rest?version=<version>`,
    );
  }
}

if (import.meta.main) {
  const [file] = Deno.args;
  if (file === undefined || Deno.args.length !== 1) {
    console.error("Usage: deno task discovery-types <discovery.json> > out.ts");
    Deno.exit(2);
  }
  const document: unknown = JSON.parse(await Deno.readTextFile(file));
  assertDiscoveryDocument(document, file);
  await Deno.stdout.write(new TextEncoder().encode(discoveryTypes(document)));
}
