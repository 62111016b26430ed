/**
 * What the tests use of GitHub's own workflow and action.yml parser and validator (npm
 * `@actions/languageservice`, `@actions/workflow-parser`, `@actions/expressions`: the code behind
 * GitHub's Actions extension for VS Code). `github_parser.ts` bundles this module with esbuild
 * and imports the bundle, since the packages import JSON files the way only bundlers accept.
 *
 * @module
 */
export { validate } from "@actions/languageservice";
export { NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
export { isMapping, isString } from "@actions/workflow-parser";
export { parseAction } from "@actions/workflow-parser/actions/action-parser";
export { convertActionTemplate } from "@actions/workflow-parser/actions/action-template";
export { ErrorPolicy } from "@actions/workflow-parser/model/convert";
export { TemplateToken } from "@actions/workflow-parser/templates/tokens/template-token";
export { isActionStep } from "@actions/workflow-parser/model/type-guards";
export { data, DescriptionDictionary } from "@actions/expressions";
