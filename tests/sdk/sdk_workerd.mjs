// The SDK checks as a Worker for workerd (`workerd test`), for the SDKs whose Worker build takes an
// AuthClient: the key comes in the KEY binding, the stand-in's URL in STANDIN. Prints
// `texts <json>`.
import { library as authMod } from "../support/library.ts";
import * as anthropic from "@anthropic-ai/vertex-sdk";
import * as genai from "@google/genai";
import * as vertex from "@ai-sdk/google-vertex";
import * as ai from "ai";
import checkSdks from "./sdk_checks.mjs";

export default {
  /** @param {unknown} _controller @param {{ KEY: string, STANDIN: string, ONLY: string[] }} env */
  async test(_controller, env) {
    try {
      const texts = await checkSdks(authMod, { anthropic, genai, vertex, ai }, {
        baseUrl: env.STANDIN,
        credentialsJson: env.KEY,
        only: env.ONLY,
      });
      console.log(`texts ${JSON.stringify(texts)}`);
    } catch (error) {
      console.log(`failed ${String(error)}: ${String(/** @type {Error} */ (error).cause)}`);
      throw error;
    }
  },
};
