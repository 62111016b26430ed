// A Worker that calls Vertex AI through @ai-sdk/google-vertex, for bench/edge_figures.ts.
import { createVertex } from "@ai-sdk/google-vertex";
import { generateText } from "ai";

export default {
  async fetch(_request, env) {
    const vertex = createVertex({ project: env.PROJECT, location: "us-central1" });
    const { text } = await generateText({ model: vertex("gemini-2.5-flash"), prompt: "hi" });
    return new Response(text);
  },
};
