// A Worker that calls Vertex AI through @anthropic-ai/vertex-sdk, for bench/edge_figures.ts.
import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";

export default {
  async fetch(_request, env) {
    const client = new AnthropicVertex({ region: "us-east5", projectId: env.PROJECT });
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    });
    return Response.json(message);
  },
};
