// Runs the SDK checks in the runtime that executes this file (Node 24 on the TypeScript sources,
// Bun, Deno) and prints `texts <json>`. Only the SDKs named are loaded and checked (all three when
// none are named): the full list runs in Deno, one SDK in each other runtime (docs/testing.md).
//
// Usage: <runtime> tests/sdk/run_sdk_checks.mjs <stand-in URL> <credentials JSON> [sdk,...]
import { library as authMod } from "../support/library.ts";
import checkSdks from "./sdk_checks.mjs";

const [baseUrl, credentialsJson, names = "anthropic,genai,vertex"] = process.argv.slice(2)
  .filter((arg) => !arg.startsWith("--"));
const only = names.split(",");
const load = (name, specifier) => only.includes(name) ? import(specifier) : undefined;
const [anthropic, genai, vertex] = await Promise.all([
  load("anthropic", "@anthropic-ai/vertex-sdk"),
  load("genai", "@google/genai"),
  load("vertex", "@ai-sdk/google-vertex"),
]);
const ai = only.includes("vertex") ? await import("ai") : undefined;
const texts = await checkSdks(authMod, { anthropic, genai, vertex, ai }, {
  baseUrl,
  credentialsJson,
  only,
});
console.log(`texts ${JSON.stringify(texts)}`);
