// Run by tests/node/_fetch_test.ts under Node 24 (type stripping): POSTs to each URL given as an
// argument through createNodeFetch (proxies from the environment, the CA from TEST_CA), prints
// one JSON line with each outcome (and whether node:tls was loaded by then) and whether Node
// loaded its bundled undici, and then just returns: the process must end on its own.
import process from "node:process";
import { createNodeFetch } from "../../node/_fetch.ts";

// Node's list of the built-in modules it has loaded (undocumented, stable since Node 0.x).
const loaded = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
const tls = (): string => loaded.includes("NativeModule tls") ? "tls" : "no tls";

const fetch = createNodeFetch({ ca: process.env.TEST_CA });
const outcomes: string[] = [];
for (const url of process.argv.slice(2)) {
  try {
    const response = await fetch(url, { method: "POST", body: "x", redirect: "error" });
    const { host } = await response.json() as { host: string };
    outcomes.push(`${response.status} ${host}, ${tls()}`);
  } catch (error) {
    const cause = (error as Error).cause;
    const why = cause instanceof Error ? cause.message : cause;
    outcomes.push(`${(error as Error).name}: ${why}, ${tls()}`);
  }
}
const undici = loaded.some((name) => name.includes("undici"));
console.log(JSON.stringify({ outcomes, undici }));
