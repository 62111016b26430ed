// The SDK checks as a Worker bundled with `google-auth-library` aliased to
// auth/google_auth_library/mod.ts (and GenAI's Node modules to its node_stubs.ts), for workerd
// without Node compatibility: the key comes in the KEY binding, the stand-in's URL in STANDIN.
// Runs the checks twice in one isolate, user code passing an AuthClient (`toAuthClient`), then the
// credentials JSON in the SDKs' options (`options`); prints `texts <json>` with both.
import { library as authMod } from "../support/library.ts";
import * as anthropic from "@anthropic-ai/vertex-sdk";
import * as genai from "@google/genai/node";
import * as vertex from "@ai-sdk/google-vertex";
import * as ai from "ai";
import { GoogleAuth } from "google-auth-library";
import checkSdks from "./sdk_checks.mjs";

export default {
  /** @param {unknown} _controller @param {{ KEY: string, STANDIN: string }} env */
  async test(_controller, env) {
    try {
      // No file system here: keyFile is refused at construction, naming the option.
      try {
        new GoogleAuth({ keyFile: "/key.json" });
      } catch (error) {
        console.log(`keyFile ${/** @type {{ code: string }} */ (error).code}`);
      }
      const sdks = { anthropic, genai, vertex, ai, GoogleAuth };
      const texts = {};
      for (const [name, viaOptions] of [["toAuthClient", false], ["options", true]]) {
        texts[name] = await checkSdks(authMod, sdks, {
          baseUrl: env.STANDIN,
          credentialsJson: env.KEY,
          viaOptions,
        });
      }
      console.log(`texts ${JSON.stringify(texts)}`);
    } catch (error) {
      console.log(`failed ${String(error)}: ${String(/** @type {Error} */ (error).cause)}`);
      throw error;
    }
  },
};
