// The workflow step's entry into node/: its `node:http(s)` transport with the runner's proxy
// variables. Not in deno.json's exports, so not published; tests/layers_test.ts lets action/
// import node/ only through this file and the published entry.
export { createNodeFetch, type NodeFetchOptions } from "./_fetch.ts";
