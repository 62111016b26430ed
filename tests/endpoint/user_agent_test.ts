// The default user-agent: the package's product token, then the runtime's, found by feature tests.
import assert from "node:assert/strict";
import { bareEndpoint, endpoint, USER_AGENT } from "../../endpoint/mod.ts";
import { defaultUserAgent, runtimeToken } from "../../endpoint/user_agent.ts";
import { PACKAGE_NAME, VERSION } from "../../endpoint/_package.ts";

Deno.test("runtimeToken() names Deno, Bun, Node or the browser's user agent, in that order", () => {
  assert.equal(runtimeToken({ Deno: { version: { deno: "2.9.6" } } }), "Deno/2.9.6");
  assert.equal(
    runtimeToken({ Bun: { version: "1.4.4" }, process: { versions: { node: "24.0.0" } } }),
    "Bun/1.4.4",
  );
  assert.equal(runtimeToken({ process: { versions: { node: "20.20.2" } } }), "Node.js/20.20.2");
  assert.equal(
    runtimeToken({ navigator: { userAgent: "Cloudflare-Workers" } }),
    "Cloudflare-Workers",
  );
  assert.equal(runtimeToken({ navigator: { userAgent: "" } }), undefined);
  assert.equal(runtimeToken({}), undefined);
});

Deno.test("USER_AGENT is the product token and this runtime's, as every builder sends it", () => {
  assert.equal(defaultUserAgent({}), `${PACKAGE_NAME}/${VERSION}`);
  assert.equal(USER_AGENT, `${PACKAGE_NAME}/${VERSION} Deno/${Deno.version.deno}`);
  assert.equal(
    bareEndpoint("GET /", { baseUrl: "https://x.example" }).headers["user-agent"],
    USER_AGENT,
  );
  assert.equal(endpoint("GET /").headers["user-agent"], USER_AGENT);
});
