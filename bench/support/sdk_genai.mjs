// A Worker that calls Vertex AI through @google/genai's Node build, for bench/edge_figures.ts.
import { GoogleGenAI } from "@google/genai/node";

export default {
  async fetch(_request, env) {
    const ai = new GoogleGenAI({ vertexai: true, project: env.PROJECT, location: "us-central1" });
    const response = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "hi" });
    return new Response(response.text);
  },
};
