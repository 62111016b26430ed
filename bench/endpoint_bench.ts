/**
 * endpoint() against @octokit/endpoint 11.0.5 on a mix of real GitHub routes with realistic
 * parameters: GETs with queries, POST/PATCH/PUT with bodies, placeholders, search `q`, media type
 * formats, GraphQL previews, an upload URL, and calls through a `.defaults()` instance.
 *
 * Before timing, every call of the mix is checked to give the same request options from both (the
 * default user-agents aside), so both sides do the same work.
 *
 * Run: `deno bench -A bench/endpoint_bench.ts`. Deno prints each group's ratio to the baseline;
 * one iteration of the mix is 59 calls.
 */
import { isDeepStrictEqual } from "node:util";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import { endpoint } from "../endpoint/mod.ts";

type Call = readonly [route: string, options: Record<string, unknown>];

const repo = { owner: "octo-org", repo: "hello-world" };
const auth = { headers: { authorization: "token 0000000000000000000000000000000000000001" } };

const CALLS: readonly Call[] = [
  ["GET /repos/{owner}/{repo}", repo],
  ["GET /repos/{owner}/{repo}/issues", { ...repo, state: "open", per_page: 100, page: 2, ...auth }],
  ["GET /repos/{owner}/{repo}/issues/{issue_number}", { ...repo, issue_number: 1347 }],
  ["GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    ...repo,
    issue_number: 7,
    since: "2024-01-01T00:00:00Z",
  }],
  ["GET /repos/{owner}/{repo}/pulls", { ...repo, state: "all", base: "main", sort: "updated" }],
  ["GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...repo,
    pull_number: 42,
    mediaType: { format: "diff" },
  }],
  ["GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
    ...repo,
    pull_number: 42,
    per_page: 100,
  }],
  ["GET /repos/{owner}/{repo}/commits", {
    ...repo,
    sha: "main",
    path: "src/index.ts",
    per_page: 30,
  }],
  ["GET /repos/{owner}/{repo}/commits/{ref}", { ...repo, ref: "refs/heads/feature/x" }],
  ["GET /repos/{owner}/{repo}/compare/{basehead}", { ...repo, basehead: "main...feature" }],
  ["GET /repos/{owner}/{repo}/contents/{path}", {
    ...repo,
    path: "docs/README.md",
    ref: "v1.2.3",
    mediaType: { format: "raw" },
  }],
  ["GET /repos/{owner}/{repo}/git/matching-refs/{ref}", { ...repo, ref: "tags/v1" }],
  ["GET /repos/{owner}/{repo}/branches/{branch}/protection", { ...repo, branch: "main" }],
  ["GET /repos/{owner}/{repo}/actions/runs", {
    ...repo,
    status: "completed",
    branch: "main",
    per_page: 50,
    ...auth,
  }],
  ["GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs", {
    ...repo,
    run_id: 123456789,
    filter: "latest",
  }],
  ["GET /repos/{owner}/{repo}/releases/latest", repo],
  ["GET /repos/{owner}/{repo}/releases/tags/{tag}", { ...repo, tag: "v2.0.0" }],
  ["GET /repos/{owner}/{repo}/labels", { ...repo, per_page: 100 }],
  ["GET /repos/{owner}/{repo}/collaborators/{username}/permission", {
    ...repo,
    username: "octocat",
  }],
  ["GET /repos/{owner}/{repo}/check-runs/{check_run_id}", { ...repo, check_run_id: 4 }],
  ["GET /orgs/{org}/repos", { org: "octo-org", type: "private", per_page: 100, ...auth }],
  ["GET /orgs/{org}/members", { org: "octo-org", role: "admin" }],
  ["GET /orgs/{org}/teams/{team_slug}/members", { org: "octo-org", team_slug: "core team" }],
  ["GET /users/{username}", { username: "octocat" }],
  ["GET /users/{username}/repos", { username: "octocat", sort: "pushed" }],
  ["GET /user", auth],
  ["GET /user/repos", { visibility: "all", affiliation: "owner,collaborator", ...auth }],
  ["GET /search/issues", {
    q: "repo:octo-org/hello-world is:open label:bug+author:octocat",
    per_page: 50,
  }],
  ["GET /search/code", { q: "addClass in:file language:js", sort: "indexed" }],
  ["GET /rate_limit", {}],
  ["HEAD /repos/{owner}/{repo}/git/refs/{ref}", { ...repo, ref: "heads/main" }],
  ["POST /repos/{owner}/{repo}/issues", {
    ...repo,
    title: "Found a bug",
    body: "It crashes",
    labels: ["bug"],
    assignees: ["octocat"],
  }],
  ["POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    ...repo,
    issue_number: 1347,
    body: "Me too",
  }],
  ["POST /repos/{owner}/{repo}/pulls", {
    ...repo,
    title: "Amazing feature",
    head: "octocat:feature",
    base: "main",
  }],
  ["POST /repos/{owner}/{repo}/git/refs", {
    ...repo,
    ref: "refs/heads/new",
    sha: "aa218f56b14c9653891f9e74264a383fa43fefbd",
  }],
  ["POST /repos/{owner}/{repo}/statuses/{sha}", {
    ...repo,
    sha: "aa218f56",
    state: "success",
    context: "ci",
  }],
  ["POST /repos/{owner}/{repo}/dispatches", {
    ...repo,
    event_type: "deploy",
    client_payload: { env: "prod" },
  }],
  ["POST /markdown/raw", {
    data: "Hello **world**",
    headers: { "content-type": "text/plain; charset=utf-8" },
  }],
  [
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    {
      ...repo,
      release_id: 1,
      name: "app.zip",
      label: "App",
      data: "bytes",
      headers: { "content-type": "application/zip" },
    },
  ],
  ["POST /graphql", {
    query: "query { viewer { login } }",
    variables: {},
    mediaType: { previews: ["merge-info"] },
  }],
  ["PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    ...repo,
    issue_number: 1347,
    state: "closed",
  }],
  ["PATCH /repos/{owner}/{repo}", { ...repo, description: "New description", has_wiki: false }],
  ["PUT /repos/{owner}/{repo}/contents/{path}", {
    ...repo,
    path: "notes/hello.txt",
    message: "add",
    content: "aGVsbG8=",
  }],
  ["PUT /user/starred/{owner}/{repo}", repo],
  ["PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge", {
    ...repo,
    pull_number: 42,
    merge_method: "squash",
  }],
  ["DELETE /repos/{owner}/{repo}/labels/{name}", { ...repo, name: "help wanted" }],
  ["DELETE /repos/{owner}/{repo}/git/refs/{ref}", { ...repo, ref: "heads/old" }],
];

const ghe = {
  baseUrl: "https://ghe.example/api/v3",
  headers: { "x-github-api-version": "2022-11-28" },
};
const oursGhe = endpoint.defaults(ghe);
const octokitGhe = octokitEndpoint.defaults(ghe);
const DEFAULTS_CALLS = CALLS.slice(0, 12);

type Loose = (
  route: string,
  options: Record<string, unknown>,
) => { url: string; headers: Record<string, unknown> };

let sink = 0;
function runMix(main: Loose, derived: Loose): void {
  for (const [route, options] of CALLS) sink += main(route, options).url.length;
  for (const [route, options] of DEFAULTS_CALLS) sink += derived(route, options).url.length;
}

const ours = endpoint as unknown as Loose;
const octokit = octokitEndpoint as unknown as Loose;

function withoutUserAgent(options: { headers: Record<string, unknown> }): unknown {
  return { ...options, headers: { ...options.headers, "user-agent": undefined } };
}

const pairs: [Loose, Loose, readonly Call[]][] = [
  [ours, octokit, CALLS],
  [oursGhe as unknown as Loose, octokitGhe as unknown as Loose, DEFAULTS_CALLS],
];
for (const [oursFunction, octokitFunction, calls] of pairs) {
  for (const [route, options] of calls) {
    const [a, b] = [oursFunction(route, options), octokitFunction(route, options)];
    if (!isDeepStrictEqual(withoutUserAgent(a), withoutUserAgent(b))) {
      throw new Error(`The bench mix must give the same options from both: ${route}`);
    }
  }
}

Deno.bench({
  name: "@octokit/endpoint",
  group: "endpoint() route mix",
  baseline: true,
  fn: () => runMix(octokit, octokitGhe as unknown as Loose),
});

Deno.bench({
  name: "ours",
  group: "endpoint() route mix",
  fn: () => runMix(ours, oursGhe as unknown as Loose),
});

Deno.bench({
  name: "@octokit/endpoint parse(merged)",
  group: "parse() of merged options",
  baseline: true,
  fn: (b) => {
    const merged = CALLS.map(([route, options]) => octokitEndpoint.merge(route, options));
    b.start();
    for (const options of merged) sink += octokitEndpoint.parse(options).url.length;
    b.end();
  },
});

Deno.bench({
  name: "ours parse(merged)",
  group: "parse() of merged options",
  fn: (b) => {
    const merged = CALLS.map(([route, options]) => endpoint.merge(route, options));
    b.start();
    for (const options of merged) sink += endpoint.parse(options).url.length;
    b.end();
  },
});

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});
