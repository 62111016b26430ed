// The three SDKs built on google-auth-library, each given toAuthClient(credentials) and pointed at
// the Vertex AI stand-in (tests/support/vertex_standin.ts): plain JavaScript that any runtime
// runs. With `viaOptions`, user code makes no AuthClient: the SDKs get the credentials JSON as
// `googleAuthOptions: { credentials }` (Anthropic's a `GoogleAuth` made from it), for a bundle
// whose `google-auth-library` is aliased to auth/google_auth_library/mod.ts. The caller passes the modules (auth/ and the SDKs), so the same checks run in Deno, Node,
// Bun and a Worker. Returns each SDK's answer text, which names the principal the stand-in saw.

const PROJECT = "standin-project";
const LOCATION = "us-central1";

/**
 * @param {any} authMod The auth module namespace.
 * @param {Record<string, any>} sdks Module namespaces by name: anthropic, genai, vertex, ai.
 * @param {{ baseUrl: string, credentialsJson: string, only?: string[], viaOptions?: boolean }} options
 * @returns {Promise<Record<string, string>>} Answer text by SDK name.
 */
export default async function checkSdks(authMod, sdks, options) {
  const { baseUrl, viaOptions } = options;
  const credentials = JSON.parse(options.credentialsJson);
  const authClient = viaOptions
    ? undefined
    : authMod.toAuthClient(authMod.credentialsFromJson(options.credentialsJson));
  const googleAuthOptions = viaOptions ? { credentials } : { authClient };
  /** @type {Record<string, () => Promise<string>>} */
  const runs = {
    async anthropic() {
      // No projectId: the SDK takes the AuthClient's.
      const client = new sdks.anthropic.AnthropicVertex({
        ...(viaOptions ? { googleAuth: new sdks.GoogleAuth({ credentials }) } : { authClient }),
        region: LOCATION,
        baseURL: `${baseUrl}/anthropic/v1`,
        maxRetries: 0,
      });
      const message = await client.messages.create({
        model: "claude-standin",
        max_tokens: 16,
        messages: [{ role: "user", content: "hi" }],
      });
      return message.content[0].text;
    },
    async genai() {
      const ai = new sdks.genai.GoogleGenAI({
        vertexai: true,
        project: PROJECT,
        location: LOCATION,
        googleAuthOptions,
        httpOptions: { baseUrl: `${baseUrl}/genai/` },
      });
      const response = await ai.models.generateContent({ model: "gemini-standin", contents: "hi" });
      return response.text;
    },
    async vertex() {
      const vertex = sdks.vertex.createVertex({
        project: PROJECT,
        location: LOCATION,
        googleAuthOptions,
        baseURL: `${baseUrl}/ai-sdk/v1/projects/${PROJECT}/locations/${LOCATION}/publishers/google`,
      });
      const { text } = await sdks.ai.generateText({
        model: vertex("gemini-standin"),
        prompt: "hi",
        maxRetries: 0,
      });
      return text;
    },
  };
  /** @type {Record<string, string>} */
  const texts = {};
  for (const [name, run] of Object.entries(runs)) {
    if (options.only !== undefined && !options.only.includes(name)) continue;
    try {
      texts[name] = await run();
    } catch (error) {
      throw new Error(`SDK check failed: ${name}`, { cause: error });
    }
  }
  return texts;
}
