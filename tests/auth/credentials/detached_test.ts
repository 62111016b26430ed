// Users pass methods as values, as they pass fetch functions (`fetch: credentials.fetch`,
// `getToken = credentials.getAccessToken`): every method of every kind of Credentials, and of the
// AuthClient toAuthClient() makes, works detached from its object, with the same answer.
import assert from "node:assert/strict";
import {
  credentialsFromApiKey,
  credentialsFromJson,
  downscopedCredentials,
  loadCredentials,
  toAuthClient,
} from "../../../auth/mod.ts";
import { testKey } from "../../support/keys.ts";

const AUDIENCE = "https://service.example";
/** A fixed clock, so that two credentials give the same expiries. */
const now = () => 1_900_000_000_000;

/** Google's token endpoint and STS, and any other URL, answered on the spot. */
const fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const form = new URLSearchParams(await request.text());
  if (form.has("target_audience")) {
    const payload = btoa(JSON.stringify({ aud: AUDIENCE, exp: 4_000_000_000 }));
    return Response.json({ id_token: `eyJhbGciOiJSUzI1NiJ9.${payload}.c2ln` });
  }
  if (request.url.endsWith("/token")) {
    return Response.json({ access_token: "ya29.token", expires_in: 3600 });
  }
  return new Response(
    request.headers.get("authorization") ?? request.headers.get("x-goog-api-key"),
  );
};

/** The arguments of each method; every method of the objects below must be here. */
const ARGS: Record<string, unknown[]> = {
  getAccessToken: [],
  getIdToken: [AUDIENCE],
  getRequestHeaders: [],
  fetch: ["https://storage.googleapis.com/b/o"],
  sign: ["data"],
  getServiceAccountEmail: [],
  getUniverseDomain: [],
  getProjectId: [],
};

/** The function-valued members of `target`, its prototype's methods included. */
function methodNames(target: object): string[] {
  const prototype = Object.getPrototypeOf(target);
  const names = new Set([
    ...Object.keys(target),
    ...(prototype === Object.prototype ? [] : Object.getOwnPropertyNames(prototype)),
  ]);
  names.delete("constructor");
  return [...names].filter((name) =>
    typeof (target as Record<string, unknown>)[name] === "function"
  );
}

/** A method's outcome, comparable: a value (a Response as its text) or the error's code. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await call();
    return value instanceof Response ? await value.text() : value;
  } catch (error) {
    return { rejected: (error as { code?: string }).code ?? String(error) };
  }
}

Deno.test("every method of Credentials and of toAuthClient()'s client works detached", async (t) => {
  const { key } = await testKey();
  const user = { type: "authorized_user", client_id: "i", client_secret: "s", refresh_token: "r" };
  const makers: Record<string, () => Promise<object>> = {
    "credentialsFromJson(service_account)": () =>
      Promise.resolve(credentialsFromJson(key, { fetch, now })),
    "loadCredentials(authorized_user)": () =>
      loadCredentials({ credentials: user, fetch, now, env: {} }),
    "downscopedCredentials()": () =>
      Promise.resolve(downscopedCredentials(credentialsFromJson(key, { fetch, now }), {
        accessBoundary: {
          accessBoundaryRules: [{
            availableResource: "//storage.googleapis.com/projects/_/buckets/b",
            availablePermissions: ["inRole:roles/storage.objectViewer"],
          }],
        },
      }, { fetch, now })),
    "credentialsFromApiKey()": () => Promise.resolve(credentialsFromApiKey("AIza-key", { fetch })),
    "toAuthClient()": () => Promise.resolve(toAuthClient(credentialsFromJson(key, { fetch, now }))),
  };
  for (const [kind, make] of Object.entries(makers)) {
    await t.step(kind, async () => {
      const [attached, detached] = [await make(), await make()];
      const names = methodNames(detached);
      assert.ok(names.length >= 5, `${kind} has methods: ${names}`);
      for (const name of names) {
        const args = ARGS[name];
        assert.ok(args !== undefined, `no arguments for ${kind}.${name}: add them to ARGS`);
        const method = (detached as Record<string, (...args: unknown[]) => Promise<unknown>>)[
          name
        ]!;
        const alone = await outcome(() => method(...args));
        const bound = await outcome(() =>
          (attached as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]!(...args)
        );
        assert.deepEqual(alone, bound, `${kind}.${name} detached`);
        assert.doesNotMatch(JSON.stringify(alone) ?? "", /TypeError|Cannot read properties/);
      }
    });
  }
});

Deno.test("binding the methods adds nothing Object.entries() or a spread of Credentials shows", async () => {
  const { key } = await testKey();
  const credentials = credentialsFromJson(key, { fetch, now });
  assert.deepEqual(Object.keys(credentials), [
    "type",
    "projectId",
    "universeDomain",
    "quotaProjectId",
    "serviceAccountEmail",
  ]);
});
