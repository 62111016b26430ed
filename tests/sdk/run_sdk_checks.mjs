// Runs the SDK checks in the runtime that executes this file (Node 24 on the TypeScript sources,
// Bun, Deno) and prints `texts <json>`.
//
// Usage: <runtime> tests/sdk/run_sdk_checks.mjs <stand-in URL> <credentials JSON>
import { library as authMod } from "../support/library.ts";
import * as anthropic from "@anthropic-ai/vertex-sdk";
import * as genai from "@google/genai";
import * as vertex from "@ai-sdk/google-vertex";
import * as ai from "ai";
import checkSdks from "./sdk_checks.mjs";

const [baseUrl, credentialsJson] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const texts = await checkSdks(authMod, { anthropic, genai, vertex, ai }, {
  baseUrl,
  credentialsJson,
});
console.log(`texts ${JSON.stringify(texts)}`);
