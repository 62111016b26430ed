/**
 * Compile-time tests of `typedEndpoint()` over GitHub's real OpenAPI document
 * (`@octokit/openapi-types`) and the Cloud Storage and IAM Credentials types generated from their
 * Discovery documents: nothing here runs. `deno check` (the first step of `deno task test`) fails
 * when a line marked `@ts-expect-error` compiles or a line without it does not.
 */
import type { paths as github } from "@octokit/openapi-types";
import { typedEndpoint, type TypedOperation, type TypedRoute } from "../../endpoint/mod.ts";
import type { paths as storage } from "../support/discovery/storage_v1.ts";
import type { paths as iamcredentials } from "../support/discovery/iamcredentials_v1.ts";
import type { Equal } from "./types_check.ts";

/** Compiles only when `T` is `true`. */
type Expect<T extends true> = T;

const gh = typedEndpoint<github>({ baseUrl: "https://api.github.com" });

/** Never called: routes, path parameters, query parameters and bodies of GitHub's spec. */
export function githubRoutes(): void {
  // 1. A repository: both path parameters required.
  gh("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  // @ts-expect-error: repo is missing
  gh("GET /repos/{owner}/{repo}", { owner: "o" });
  // @ts-expect-error: the options are required when the route has path parameters
  gh("GET /repos/{owner}/{repo}");
  // @ts-expect-error: a route GitHub does not have
  gh("GET /repos/{owner}/{repo}/nope", { owner: "o", repo: "r" });
  // @ts-expect-error: the path has GET, PATCH and DELETE, not PUT
  gh("PUT /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  // @ts-expect-error: the method is part of the route, uppercase
  gh("get /repos/{owner}/{repo}", { owner: "o", repo: "r" });

  // 2. Issues of a repository: typed query parameters.
  gh("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 });
  // @ts-expect-error: per_page is a number
  gh("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
  // @ts-expect-error: state is "open", "closed" or "all"
  gh("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opened" });
  // @ts-expect-error: a parameter the route does not take (a typo of per_page)
  gh("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pgae: 100 });

  // 3. A new issue: body fields among the parameters, title required.
  gh("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["bug"] });
  // @ts-expect-error: labels is an array
  gh("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: "bug" });
  // @ts-expect-error: title is required
  gh("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "b" });

  // 4. Updating an issue: a numeric path parameter, an optional body.
  gh("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "o",
    repo: "r",
    issue_number: 1,
    state: "closed",
  });
  gh("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "o",
    repo: "r",
    issue_number: 1,
  });
  gh("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "o",
    repo: "r",
    issue_number: 1,
    // @ts-expect-error: state is "open" or "closed"
    state: "done",
  });

  // 5. The authenticated user: no parameters, so no options argument.
  gh("GET /user");
  gh("GET /user", { headers: { authorization: "Bearer t" } });

  // 6. Searching: a required query parameter.
  gh("GET /search/issues", { q: "is:open", sort: "created" });
  // @ts-expect-error: q is required
  gh("GET /search/issues", { sort: "created" });

  // 7. A release asset upload: query parameters of a POST go in the route, the body in `data`.
  gh("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
    baseUrl: "https://uploads.github.com",
    owner: "o",
    repo: "r",
    release_id: 1,
    name: "app.zip",
    data: new Uint8Array([1, 2, 3]),
    headers: { "content-type": "application/zip" },
  });
  gh("POST /repos/{owner}/{repo}/releases/{release_id}/assets", {
    owner: "o",
    repo: "r",
    release_id: 1,
    // @ts-expect-error: name would be sent in the body: the route must list {?name}
    name: "app.zip",
  });

  // 8. Repositories of an organization: an enum query parameter.
  gh("GET /orgs/{org}/repos", { org: "octo-org", type: "public", sort: "pushed" });
  // @ts-expect-error: type is one of GitHub's listed values
  gh("GET /orgs/{org}/repos", { org: "octo-org", type: "everything" });

  // 9. Starring: PUT without a body.
  gh("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });
  // @ts-expect-error: the route takes no body
  gh("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r", starred: true });

  // 10. Deleting a comment: a numeric path parameter.
  gh("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
    owner: "o",
    repo: "r",
    comment_id: 1,
  });
  gh("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
    owner: "o",
    repo: "r",
    // @ts-expect-error: comment_id is a number
    comment_id: {},
  });

  // 11. Raw markdown: a text body goes in `data`.
  gh("POST /markdown/raw", { data: "**hi**", headers: { "content-type": "text/plain" } });
  // @ts-expect-error: the body is text
  gh("POST /markdown/raw", { data: { text: "**hi**" } });

  // 12. Labels: a body field named like a path parameter of another route.
  gh("POST /repos/{owner}/{repo}/labels", { owner: "o", repo: "r", name: "bug", color: "f00" });
  // @ts-expect-error: name is required
  gh("POST /repos/{owner}/{repo}/labels", { owner: "o", repo: "r", color: "f00" });
}

/** Never called: an object that is not a fresh literal may carry more keys (TypeScript's rule). */
export function extraKeysOfAVariable(): void {
  const parameters = { owner: "o", repo: "r", debug: true };
  gh("GET /repos/{owner}/{repo}", parameters);
}

/** The routes and operations the types read from GitHub's spec. */
export type GithubRouteTypes = [
  Expect<Equal<"GET /repos/{owner}/{repo}" extends TypedRoute<github> ? true : false, true>>,
  Expect<Equal<"PUT /repos/{owner}/{repo}" extends TypedRoute<github> ? true : false, false>>,
  Expect<
    Equal<
      TypedOperation<github, "GET /repos/{owner}/{repo}">["parameters"]["path"],
      { owner: string; repo: string }
    >
  >,
  Expect<Equal<TypedOperation<github, "GET /not/a/route">, never>>,
];

const gcs = typedEndpoint<storage>({ baseUrl: "https://storage.googleapis.com/storage/v1" });

/** Never called: the Cloud Storage types generated from its Discovery document. */
export function cloudStorageRoutes(): void {
  gcs("GET /b/{bucket}/o/{object}", { bucket: "b", object: "a/b.txt", projection: "full" });
  gcs("GET /b/{bucket}/o/{object}", { bucket: "b", object: "a.txt", alt: "media" });
  // @ts-expect-error: object is missing
  gcs("GET /b/{bucket}/o/{object}", { bucket: "b" });
  // @ts-expect-error: projection is "full" or "noAcl"
  gcs("GET /b/{bucket}/o/{object}", { bucket: "b", object: "a.txt", projection: "all" });
  // @ts-expect-error: buckets.get downloads no media: alt is "json" only
  gcs("GET /b/{bucket}", { bucket: "b", alt: "media" });
  gcs("GET /b/{bucket}/o", { bucket: "b", prefix: "logs/", maxResults: 10, pageToken: "t" });
  // @ts-expect-error: maxResults is a number
  gcs("GET /b/{bucket}/o", { bucket: "b", maxResults: "10" });
  gcs("GET /b", { project: "p" });
  // @ts-expect-error: project is required
  gcs("GET /b", {});
  // A POST's query parameters go in the route; the body's fields are the other parameters.
  gcs("POST /b{?project,predefinedAcl}", {
    project: "p",
    name: "bucket",
    predefinedAcl: "private",
  });
  // @ts-expect-error: project would be sent in the body: the route must list {?project}
  gcs("POST /b", { project: "p", name: "bucket" });
  gcs("PATCH /b/{bucket}/o/{object}{?ifMetagenerationMatch}", {
    bucket: "b",
    object: "a.txt",
    ifMetagenerationMatch: "3",
    contentType: "text/plain",
    metadata: { team: "data" },
  });
  // @ts-expect-error: metadata values are strings
  gcs("PATCH /b/{bucket}/o/{object}", { bucket: "b", object: "a.txt", metadata: { n: 1 } });
  // @ts-expect-error: objects.get has no POST
  gcs("POST /b/{bucket}/o/{object}", { bucket: "b", object: "a.txt" });
}

const iam = typedEndpoint<iamcredentials>({ baseUrl: "https://iamcredentials.googleapis.com" });

/** Never called: `{+name}` and `:verb` paths of IAM Credentials. */
export function iamCredentialsRoutes(): void {
  iam("POST /v1/{+name}:generateAccessToken", {
    name: "projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com",
    scope: ["https://www.googleapis.com/auth/cloud-platform"],
    lifetime: "600s",
  });
  // @ts-expect-error: scope is a list
  iam("POST /v1/{+name}:generateAccessToken", { name: "n", scope: "x" });
  // @ts-expect-error: name is required
  iam("POST /v1/{+name}:signBlob", { payload: "aGk=" });
  // @ts-expect-error: the verb is part of the path
  iam("POST /v1/{+name}:mintToken", { name: "n" });
}
