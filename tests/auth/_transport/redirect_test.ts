// Redirects: every call asks for redirect: "manual" (the one value every runtime takes besides
// "follow"; workerd refuses "error"), and a 3xx is the network error "error" made of it.
import assert from "node:assert/strict";
import { generateAccessToken } from "../../../auth/flows/mod.ts";
import { GoogleApiError } from "../../../auth/mod.ts";
import { fakeSleep } from "../../support/fake_fetch.ts";

Deno.test("generateAccessToken() asks for redirect: manual and fails on any 3xx, never following it", async (t) => {
  for (const status of [300, 301, 302, 303, 304, 307, 308]) {
    await t.step(`${status}`, async () => {
      const inits: (RequestInit | undefined)[] = [];
      let cancelled = 0;
      const fetch = (_input: Request | URL | string, init?: RequestInit) => {
        inits.push(init);
        const body = new ReadableStream({ cancel: () => void cancelled++ });
        return Promise.resolve(
          new Response(status === 304 ? null : body, {
            status,
            headers: { location: "https://elsewhere.example/" },
          }),
        );
      };
      const error = await generateAccessToken({
        serviceAccount: "ci@p.iam.gserviceaccount.com",
        authToken: "bearer-secret",
        fetch,
        sleep: fakeSleep().sleep,
      }).then(() => undefined, (e) => e);
      assert.ok(error instanceof GoogleApiError);
      assert.equal(error.status, 0);
      assert.match(error.message, /network error: fetch failed \(unexpected redirect\)/);
      assert.ok(inits.length > 0 && inits.every((init) => init?.redirect === "manual"));
      assert.equal(cancelled, status === 304 ? 0 : inits.length);
    });
  }
});
