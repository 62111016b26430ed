/**
 * Compile-time tests of the request function's types: `data` from the spec's 2xx response, pages
 * typed the same, and the permissive form without a spec. Nothing here runs; `deno check` fails
 * when a type equality does not hold or a line marked `@ts-expect-error` compiles.
 */
import type { components as githubComponents, paths as github } from "@octokit/openapi-types";
import { createRequest, type ResponseData } from "../../request/mod.ts";
import type {
  components as storageComponents,
  paths as storage,
} from "../support/discovery/storage_v1.ts";
import type { Equal } from "../endpoint/types_check.ts";

/** Compiles only when `T` is `true`. */
type Expect<T extends true> = T;

type Schemas = githubComponents["schemas"];

/** `data` is the 2xx response's JSON, text as a string, and nothing for 204. */
export type GithubResponseData = [
  Expect<Equal<ResponseData<github, "GET /repos/{owner}/{repo}">, Schemas["full-repository"]>>,
  Expect<
    Equal<ResponseData<github, "GET /orgs/{org}/repos">, Schemas["minimal-repository"][]>
  >,
  Expect<Equal<ResponseData<github, "POST /repos/{owner}/{repo}/issues">, Schemas["issue"]>>,
  Expect<Equal<ResponseData<github, "PUT /user/starred/{owner}/{repo}">, undefined>>,
  Expect<Equal<ResponseData<github, "POST /markdown/raw">, string>>,
  Expect<
    Equal<
      ResponseData<github, "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}">,
      Schemas["release-asset"]
    >
  >,
];

/** The generated Cloud Storage types give the same. */
export type StorageResponseData = [
  Expect<
    Equal<ResponseData<storage, "GET /b/{bucket}/o">, storageComponents["schemas"]["Objects"]>
  >,
  Expect<Equal<ResponseData<storage, "POST /b{?project}">, storageComponents["schemas"]["Bucket"]>>,
  Expect<Equal<ResponseData<storage, "DELETE /b/{bucket}/o/{object}">, undefined>>,
];

/** Never called: calls, their data and their pages, typed by the spec. */
export async function typedCalls(): Promise<void> {
  const request = createRequest<github>();
  const { data } = await request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const fullName: string = data.full_name;
  // @ts-expect-error: a repository has no `title`
  data.title;
  // @ts-expect-error: repo is missing
  await request("GET /repos/{owner}/{repo}", { owner: "o" });
  for await (
    const issues of request.paginate("GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      per_page: 100,
    }, { maxPages: 5 })
  ) {
    const titles: string[] = issues.map((issue) => issue.title);
    void titles;
  }
  // @ts-expect-error: maxPages is a number
  request.paginate("GET /user/repos", {}, { maxPages: "5" });
  // @ts-expect-error: the route's required parameters come before the pagination options
  request.paginate("GET /orgs/{org}/repos", { maxPages: 5 });
  const gcs = createRequest<storage>({ baseUrl: "https://storage.googleapis.com/storage/v1" });
  for await (const page of gcs.paginate("GET /b/{bucket}/o", { bucket: "b", prefix: "logs/" })) {
    const names: (string | undefined)[] = (page.items ?? []).map((object) => object.name);
    const next: string | undefined = page.nextPageToken;
    void [names, next];
  }
  void fullName;
}

/** Never called: without a spec, any route and any parameters, and `data` is `unknown`. */
export async function untypedCalls(): Promise<void> {
  const request = createRequest({ baseUrl: "https://api.example" });
  const { data } = await request("GET /anything/{id}", { id: 1, extra: true });
  type Data = typeof data;
  type IsUnknown = Expect<Equal<Data, unknown>>;
  const route: string = "GET /computed";
  await request(route);
  for await (const page of request.paginate(route, {}, { maxPages: 2 })) void page;
  void (0 as unknown as IsUnknown);
}
