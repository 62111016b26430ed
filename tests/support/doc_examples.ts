/**
 * The code examples of the project's files, found as `deno test --doc` finds them: each fenced
 * `ts` or `js` block of a JSDoc comment in a module, and of a Markdown file; a block whose fence
 * says `ignore` is not run. tests/doc_tests/ runs them all in one isolate, each as a module of its
 * own, instead of one isolate per block (docs/testing.md): their relative imports are made
 * absolute, so they resolve from the file the example is in.
 *
 * @module
 */

/** One example: where it is and the module it runs as. */
export interface DocExample {
  /** The file (relative to the project) and the lines of the block: `auth/x.ts#12-20`. */
  name: string;
  /** The example as a module, its relative specifiers resolved against the file. */
  code: string;
}

const LANGUAGES = new Set(["ts", "typescript", "js", "javascript"]);
/** A fence of a Markdown file or a JSDoc line (indented, in a list or a member): its indent,
 * language and attributes. */
const FENCE = /^(\s*(?:\*\s?)?)```(\w*)(.*)$/;
const CLOSE = /^\s*(?:\*\s?)?```\s*$/;
/** `from "./x"`, `import "./x"`, `import("./x")` and `export ... from "./x"` with a relative path. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.\.?\/[^"']*)\2/g;

/**
 * The examples of the file at `url` whose text is `text`, named by `path`. In a module only the
 * lines of JSDoc comments count (`/**` to its end), with their leading ` * ` removed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { docExamples } from "./doc_examples.ts";
 *
 * const [fence, a] = ["`".repeat(3), "./a.ts"];
 * const text = `/**\n * @example\n * ${fence}ts\n * import { a } from "${a}";\n * ${fence}\n *\/\n`;
 * const [example] = docExamples(text, "x/b.ts", new URL("file:///p/x/b.ts"));
 * assert.equal(example?.name, "x/b.ts#3-6");
 * assert.equal(example?.code, 'import { a } from "file:///p/x/a.ts";\n');
 * ```
 */
export function docExamples(text: string, path: string, url: URL): DocExample[] {
  const markdown = path.endsWith(".md");
  const lines = text.split("\n");
  const examples: DocExample[] = [];
  let inJsDoc = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!markdown) {
      if (!inJsDoc) {
        inJsDoc = /^\s*\/\*\*/.test(line) && !line.includes("*/");
        continue;
      }
      if (line.includes("*/")) {
        inJsDoc = false;
        continue;
      }
    }
    const fence = FENCE.exec(line);
    if (fence === null) continue;
    const start = index;
    const [, indent = "", language = "", attributes = ""] = fence;
    const body: string[] = [];
    for (index++; index < lines.length && !CLOSE.test(lines[index]!); index++) {
      const source = lines[index]!;
      body.push(
        markdown
          ? source.slice(Math.min(indent.length, /^\s*/.exec(source)![0].length))
          : source.replace(/^\s*\*( |$)/, ""),
      );
    }
    if (!LANGUAGES.has(language) || attributes.split(/\s+/).includes("ignore")) continue;
    const code = body.map((source) => `${source}\n`).join("").replace(
      RELATIVE_SPECIFIER,
      (_, keyword: string, quote: string, specifier: string) =>
        `${keyword}${quote}${new URL(specifier, url).href}${quote}`,
    );
    // Named as `deno test --doc` names them: the fence's line and the line after the block.
    examples.push({ name: `${path}#${start + 1}-${index + 2}`, code });
  }
  return examples;
}
