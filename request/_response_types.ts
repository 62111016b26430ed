// The `data` a response object of an OpenAPI operation gives: its JSON schema, a string for text,
// bytes for other media types, nothing when it has no content. Private: the public name is
// `ResponseData` in types.ts.

/** The value a response's `content` gives `data`: JSON as typed, text as a string, else bytes. */
type ContentData<Content> = {
  [MediaType in keyof Content]: MediaType extends `${string}json${string}` ? Content[MediaType]
    : MediaType extends `text/${string}` ? string
    : Uint8Array;
}[keyof Content];

/** The `data` of one response object: `undefined` when it has no content. */
type ResponseObjectData<Response> = Response extends { content: infer Content }
  ? [Content] extends [never] ? undefined : ContentData<Content>
  : undefined;

/**
 * The data of an operation's 2xx responses, `unknown` when it declares none.
 *
 * @example Usage
 * ```ts
 * import type { SuccessData } from "./_response_types.ts";
 *
 * const data: SuccessData<{ 200: { content: { "text/html": string } }; 404: object }> = "<p>";
 * ```
 *
 * @internal
 */
export type SuccessData<Responses> = {
  [Status in keyof Responses]: `${Status & (string | number)}` extends `2${string}`
    ? ResponseObjectData<Responses[Status]>
    : never;
}[keyof Responses] extends infer Data ? [Data] extends [never] ? unknown : Data : never;
