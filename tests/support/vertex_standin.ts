/**
 * A loopback stand-in for Vertex AI, for the SDK tests: it answers Anthropic's `rawPredict` and
 * Gemini's `generateContent` with a text naming the principal of the bearer token, as the
 * emulator knows it (`emulator.tokenInfo()`), and 401 to any request whose bearer the emulator
 * did not issue. It records what it saw.
 *
 * @module
 */
import type { Emulator } from "../../emulator/mod.ts";

/** One request the stand-in answered. */
export interface VertexCall {
  path: string;
  principal: string | undefined;
  quotaProject: string | null;
}

/** A running stand-in. */
export interface VertexStandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  calls: VertexCall[];
  close(): Promise<void>;
}

function anthropicMessage(text: string) {
  return {
    id: "msg_standin",
    type: "message",
    role: "assistant",
    model: "claude-standin",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

function geminiResponse(text: string) {
  return {
    candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: "gemini-standin",
  };
}

/** Starts the stand-in on 127.0.0.1, checking bearers with `emulator`. */
export function startVertexStandIn(emulator: Emulator): VertexStandIn {
  const calls: VertexCall[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const { pathname } = new URL(request.url);
    await request.body?.cancel();
    const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    const principal = bearer === undefined ? undefined : emulator.tokenInfo(bearer)?.principal;
    calls.push({
      path: pathname,
      principal,
      quotaProject: request.headers.get("x-goog-user-project"),
    });
    if (principal === undefined) {
      return Response.json({ error: { code: 401, status: "UNAUTHENTICATED" } }, { status: 401 });
    }
    const text = `hello ${principal}`;
    if (pathname.endsWith(":rawPredict")) return Response.json(anthropicMessage(text));
    if (pathname.endsWith(":generateContent")) return Response.json(geminiResponse(text));
    return Response.json({ error: { code: 404, status: "NOT_FOUND" } }, { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    close: () => server.shutdown(),
  };
}
