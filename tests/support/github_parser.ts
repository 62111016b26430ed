/**
 * GitHub's own parser and validator (the packages `github_parser_packages.ts` names) run over
 * action.yml and workflows, with this step's `with:` keys and `steps.<id>.outputs` checked against
 * the action.yml given: what a runner refuses, and what GitHub's Actions extension warns about.
 *
 * @module
 */
import * as esbuild from "esbuild";
import { rm } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

type Packages = typeof import("./github_parser_packages.ts");
type ValidationConfig = NonNullable<Parameters<Packages["validate"]>[1]>;
type ActionsMetadataProvider = NonNullable<ValidationConfig["actionsMetadataProvider"]>;
type ActionMetadata = NonNullable<
  Awaited<ReturnType<ActionsMetadataProvider["fetchActionMetadata"]>>
>;
type ContextProvider = NonNullable<ValidationConfig["contextProviderConfig"]>["getContext"];

/** A YAML document for the parser, and where its lines are in the file it comes from. */
export interface YamlSource {
  /** The file it comes from, relative to the repository. */
  file: string;
  /** The line of `file` (1-based) that holds the first line of `text` taken from the file. */
  line: number;
  /** What the parser reads. */
  text: string;
  /** The lines added before the file's own, and the columns added before each of them. */
  added: { lines: number; columns: number };
}

/** A whole file as the parser reads it. */
export function wholeFile(file: string, text: string): YamlSource {
  return { file, line: 1, text, added: { lines: 0, columns: 0 } };
}

/** What a list of steps goes into, and a job's body after its first three lines. */
const JOB_HEAD = ["on: push", "jobs:", "  example:"];
const RUNS_ON = "    runs-on: ubuntu-latest";

/**
 * The fenced `yaml` blocks of a Markdown file, each made a workflow: a block with a top-level
 * `jobs:` is a whole workflow (given `on: push` when it has no `on:`), a block that starts with
 * `- ` is the steps of a job, any other block is the body of a job (given `runs-on` and a step
 * when it has none).
 */
export function markdownWorkflows(file: string, markdown: string): YamlSource[] {
  const lines = markdown.split("\n");
  const sources: YamlSource[] = [];
  for (let open = 0; open < lines.length; open++) {
    const fence = /^(\s*)```(\S*)/.exec(lines[open]!);
    if (fence === null) continue;
    let close = open + 1;
    while (close < lines.length && !lines[close]!.trimStart().startsWith("```")) close++;
    if (fence[2] === "yaml" || fence[2] === "yml") {
      const block = lines.slice(open + 1, close).map((line) => line.slice(fence[1]!.length));
      sources.push(asWorkflow(file, open + 2, block));
    }
    open = close;
  }
  return sources;
}

/** A block of YAML lines starting at `line` of `file`, wrapped into a workflow as needed. */
function asWorkflow(file: string, line: number, block: string[]): YamlSource {
  const keys = new Set(block.map((text) => /^([\w-]+):/.exec(text)?.[1]));
  const first = block.find((text) => !/^\s*(#|$)/.test(text)) ?? "";
  let head: string[] = [];
  let tail: string[] = [];
  let columns = 0;
  if (keys.has("jobs")) {
    if (!keys.has("on")) head = ["on: push"];
  } else if (first.startsWith("- ")) {
    head = [...JOB_HEAD, RUNS_ON, "    steps:"];
    columns = 6;
  } else {
    head = keys.has("runs-on") ? JOB_HEAD : [...JOB_HEAD, RUNS_ON];
    if (!keys.has("steps")) tail = ["    steps:", "      - run: echo"];
    columns = 4;
  }
  const indented = block.map((text) => text === "" ? text : " ".repeat(columns) + text);
  const text = [...head, ...indented, ...tail, ""].join("\n");
  return { file, line, text, added: { lines: head.length, columns } };
}

/** Whether a step's `uses:` names this step: `<owner>/auth@<ref>`, or `./` in this repository. */
export function isThisStep(uses: string): boolean {
  return uses === "./" || /^[\w.-]+\/auth@[^/\s]+$/.test(uses);
}

/** `file:line:column: message` of a place (0-based, in `source.text`) of a source. */
function located(
  source: YamlSource,
  at: { line: number; character: number },
  message: string,
): string {
  const line = source.line + Math.max(0, at.line - source.added.lines);
  const column = Math.max(1, at.character + 1 - source.added.columns);
  // The YAML library's messages end with a place in the parser's text and a snippet of it.
  const said = message.replace(/ at line \d+, column \d+:[\s\S]*$/, "");
  return `${source.file}:${line}:${column}: ${said}`;
}

/** The parser, loaded: `check` gives every error and warning it finds. */
export interface GitHubParser {
  /** The findings in `action` (an action.yml) and in `workflows`, one per line. */
  check(action: YamlSource, workflows: readonly YamlSource[]): Promise<string[]>;
}

/** Where the bundle goes: one path, so that Deno's cache of compiled code serves the next run. */
const BUNDLE = fileURLToPath(new URL("../../.tmp/github_parser/packages.mjs", import.meta.url));

/**
 * Bundles the packages with esbuild and imports the bundle: they import JSON files without the
 * `with { type: "json" }` attribute that Deno and Node require, as code written for bundlers does.
 */
async function importPackages(): Promise<Packages> {
  try {
    await esbuild.build({
      entryPoints: [fileURLToPath(new URL("./github_parser_packages.ts", import.meta.url))],
      outfile: BUNDLE,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      logLevel: "error",
    });
    return await import(pathToFileURL(BUNDLE).href);
  } finally {
    await esbuild.stop();
    await rm(BUNDLE, { force: true });
  }
}

/** Loads GitHub's parser (about a second: one bundle, one import). */
export async function loadGitHubParser(): Promise<GitHubParser> {
  const packages = await importPackages();
  // The languageservice caches what it parsed by document URI: each document gets its own.
  let documents = 0;
  const validate = async (source: YamlSource, config?: ValidationConfig): Promise<string[]> => {
    // validate() reads only these two members of the TextDocument it is given.
    const document = { uri: `file:///${++documents}/${source.file}`, getText: () => source.text };
    const diagnostics = await packages.validate(document as never, config);
    // Parser errors come without a severity; 1 is an error, 2 a warning, 3 and 4 are notes.
    return diagnostics.filter((found) => (found.severity ?? 1) <= 2).map(({ range, message }) =>
      located(source, range.start, typeof message === "string" ? message : message.value)
    );
  };

  /** The inputs and outputs action.yml declares, as the languageservice takes an action's. */
  function metadataOf(action: YamlSource): ActionMetadata {
    const trace = new packages.NoOperationTraceWriter();
    const parsed = packages.parseAction({ name: action.file, content: action.text }, trace);
    if (parsed.value === undefined) return { name: action.file, description: "" };
    const template = packages.convertActionTemplate(parsed.context, parsed.value, {
      errorPolicy: packages.ErrorPolicy.TryConversion,
    });
    return {
      name: template.name,
      description: template.description,
      inputs: Object.fromEntries((template.inputs ?? []).map((input) => [input.id, {
        description: input.description ?? "",
        required: input.required,
        default: input.default?.toString(),
      }])),
      outputs: Object.fromEntries((template.outputs ?? []).map((output) => [output.id, {
        description: output.description ?? "",
      }])),
    };
  }

  /**
   * The steps context with this step's outputs listed in full, so that a name it does not declare
   * is "Context access might be invalid" (other steps' outputs stay open, as by default).
   */
  const stepsContext = (metadata: ActionMetadata): ContextProvider => (name, steps, workflow) => {
    if (name !== "steps" || steps === undefined) return Promise.resolve(undefined);
    const { DescriptionDictionary, data } = packages;
    const outputs = new DescriptionDictionary(
      ...Object.entries(metadata.outputs ?? {}).map(([key, { description }]) => ({
        key,
        value: new data.StringData(""),
        description,
      })),
    );
    const ourStep = (fields: InstanceType<typeof DescriptionDictionary>) =>
      new DescriptionDictionary(
        ...fields.pairs().map((field) =>
          field.key === "outputs" ? { ...field, value: outputs } : field
        ),
      );
    const context = new DescriptionDictionary();
    for (const { key, value, description } of steps.pairs()) {
      const step = workflow.job?.steps.find((step) => step.id === key);
      const ours = step !== undefined && packages.isActionStep(step) && isThisStep(step.uses.value);
      context.add(
        key,
        ours && value instanceof DescriptionDictionary ? ourStep(value) : value,
        description,
      );
    }
    return Promise.resolve(context);
  };

  /**
   * The `with:` keys of `uses: ./` steps that action.yml does not declare, in the languageservice's
   * words: it checks the inputs of actions it can fetch, and leaves local ones alone.
   */
  function localStepFindings(source: YamlSource, metadata: ActionMetadata): string[] {
    // Without "./" the text has no such step: no second parse.
    if (!source.text.includes("./")) return [];
    const trace = new packages.NoOperationTraceWriter();
    const root = packages.parseWorkflow({ name: source.file, content: source.text }, trace).value;
    if (root === undefined) return [];
    const findings: string[] = [];
    for (const [, token] of packages.TemplateToken.traverse(root)) {
      if (token.definition?.key !== "regular-step" || !packages.isMapping(token)) continue;
      const uses = token.find("uses");
      const inputs = token.find("with");
      if (uses === undefined || !packages.isString(uses) || uses.value !== "./") continue;
      if (inputs === undefined || !packages.isMapping(inputs)) continue;
      for (const { key } of inputs) {
        const name = key.toString();
        if (metadata.inputs?.[name] !== undefined || key.range === undefined) continue;
        const at = { line: key.range.start.line - 1, character: key.range.start.column - 1 };
        findings.push(located(source, at, `Invalid action input '${name}'`));
      }
    }
    return findings;
  }

  return {
    async check(action, workflows) {
      const metadata = metadataOf(action);
      const config: ValidationConfig = {
        actionsMetadataProvider: {
          // Other actions' inputs would need the network: without inputs, none are checked.
          fetchActionMetadata: ({ owner, name, ref, path }) =>
            Promise.resolve(
              isThisStep(`${owner}/${[name, path].filter(Boolean).join("/")}@${ref}`)
                ? metadata
                : { name: `${owner}/${name}`, description: "" },
            ),
        },
        contextProviderConfig: { getContext: stepsContext(metadata) },
      };
      const findings = await validate(action);
      for (const workflow of workflows) {
        findings.push(
          ...await validate(workflow, config),
          ...localStepFindings(workflow, metadata),
        );
      }
      return findings;
    },
  };
}
