// A stand-in for Cloud Storage's `objects.get` (JSON API, `GET /storage/v1/b/<bucket>/o/<object>`,
// metadata, or the content with `alt=media`), there to show what a downscoped token reaches: the
// caller needs a live token the emulator issued with a storage or cloud-platform scope; every such
// token may read the emulated objects, unless its Credential Access Boundary does not allow the
// object, which is Cloud Storage's 403. `objects.list` (`GET /storage/v1/b/<bucket>/o`, with
// `prefix`, `maxResults` and `pageToken`) pages through a bucket as Cloud Storage does, for tokens
// without a boundary.
import { base64url } from "jose";
import { boundaryAllows } from "../_core/access_boundary.ts";
import { bearerOf, missingCredential, UNAUTHENTICATED } from "../_core/access.ts";
import type { State } from "../_core/state.ts";
import type { TokenInfo } from "../types.ts";
import { type Incoming, jsonResponse, rpcError } from "../_core/wire.ts";

/** The path prefix of buckets under the emulator's Cloud Storage base. */
export const STORAGE_BUCKETS_PREFIX = "/storage/storage/v1/b/";
/**
 * The path prefix of media downloads, Cloud Storage's `https://storage.<universe>/download/...`
 * under the emulator's `/storage`: where an object's `mediaLink` points.
 */
export const STORAGE_DOWNLOAD_PREFIX = "/storage/download/storage/v1/b/";

const CONTENT_TYPE = "text/plain; charset=utf-8";

const SCOPES = [
  "cloud-platform",
  "cloud-platform.read-only",
  "devstorage.read_only",
  "devstorage.read_write",
  "devstorage.full_control",
];

/**
 * What a path names: a bucket's object (the JSON API's or a media download's path), or, without
 * an object, the bucket's list of objects (`…/b/<bucket>/o`, the JSON API's only); else
 * `undefined`.
 */
function storagePathOf(
  path: string,
): { bucket: string; object?: string; download: boolean } | undefined {
  const prefix = [STORAGE_BUCKETS_PREFIX, STORAGE_DOWNLOAD_PREFIX].find((p) => path.startsWith(p));
  if (prefix === undefined) return undefined;
  const download = prefix === STORAGE_DOWNLOAD_PREFIX;
  const match = /^([^/]+)\/o(?:\/(.+))?$/s.exec(path.slice(prefix.length));
  if (match === null || (download && match[2] === undefined)) return undefined;
  try {
    const bucket = decodeURIComponent(match[1]!);
    return match[2] === undefined
      ? { bucket, download }
      : { bucket, object: decodeURIComponent(match[2]), download };
  } catch {
    return undefined;
  }
}

/** The object resource Cloud Storage answers with (`storage#object`). */
function objectResource(
  origin: string,
  bucket: string,
  name: string,
  content: string,
): Record<string, string> {
  // Every field a client reads to fetch the content: gcloud downloads from `mediaLink` (without
  // it, `gcloud storage cat` crashes in apitools on the missing URL) and checks `size`.
  const path = `${encodeURIComponent(bucket)}/o/${encodeURIComponent(name)}`;
  return {
    kind: "storage#object",
    id: `${bucket}/${name}/1`,
    selfLink: `${origin}${STORAGE_BUCKETS_PREFIX}${path}`,
    mediaLink: `${origin}${STORAGE_DOWNLOAD_PREFIX}${path}?generation=1&alt=media`,
    name,
    bucket,
    generation: "1",
    metageneration: "1",
    contentType: CONTENT_TYPE,
    size: String(new TextEncoder().encode(content).length),
  };
}

/** The most objects one `objects.list` page holds, and its default size: Cloud Storage's. */
const MAX_LIST_RESULTS = 1000;

/** A page token: the last name of the page before, base64url-encoded. */
function pageTokenOf(name: string): string {
  return base64url.encode(name);
}

function nameOfPageToken(token: string): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(base64url.decode(token));
  } catch {
    return undefined;
  }
}

/** Answers `objects.list`: the bucket's objects by name, `maxResults` a page. */
function storageList(request: Incoming, state: State, bucket: string, info: TokenInfo): Response {
  if (info.accessBoundary !== undefined) {
    return rpcError(
      403,
      `${info.principal} does not have storage.objects.list access to the Google Cloud Storage bucket. The emulator lists only for tokens without a Credential Access Boundary.`,
    );
  }
  const objects = state.config.storageObjects[bucket];
  if (objects === undefined) return rpcError(404, "The specified bucket does not exist.");
  const query = request.url.searchParams;
  const maxResults = Number(query.get("maxResults") ?? MAX_LIST_RESULTS);
  if (!Number.isInteger(maxResults) || maxResults < 1) {
    return rpcError(400, `Invalid value for maxResults: ${query.get("maxResults")}`);
  }
  const token = query.get("pageToken");
  const after = token === null ? undefined : nameOfPageToken(token);
  if (token !== null && after === undefined) return rpcError(400, "Invalid page token.");
  const prefix = query.get("prefix") ?? "";
  const names = Object.keys(objects).filter((name) => name.startsWith(prefix))
    .filter((name) => after === undefined || name > after).sort();
  const page = names.slice(0, Math.min(maxResults, MAX_LIST_RESULTS));
  const more = names.length > page.length;
  return jsonResponse({
    kind: "storage#objects",
    ...(more ? { nextPageToken: pageTokenOf(page.at(-1)!) } : {}),
    ...(page.length > 0
      ? {
        items: page.map((name) => objectResource(request.url.origin, bucket, name, objects[name]!)),
      }
      : {}),
  });
}

/** Answers `objects.get` and `objects.list`. */
export function storageGet(request: Incoming, state: State): Response {
  const path = request.url.pathname;
  const target = storagePathOf(path);
  if (target === undefined) return rpcError(404, "Not Found");
  if (request.method !== "GET") return rpcError(405, "Method not allowed: use GET.");
  const bearer = bearerOf(request, state, "storage", SCOPES);
  if (bearer instanceof Response) return bearer;
  if (bearer.kind === "missing") return missingCredential();
  if (bearer.kind === "other") return rpcError(401, UNAUTHENTICATED);
  const { info } = bearer;
  const { bucket, object } = target;
  if (object === undefined) return storageList(request, state, bucket, info);
  const { universe, storageObjects } = state.config;
  if (
    info.accessBoundary !== undefined &&
    !boundaryAllows(info.accessBoundary, universe, "storage.objects.get", bucket, object)
  ) {
    return rpcError(
      403,
      `${info.principal} does not have storage.objects.get access to the Google Cloud Storage object. Permission 'storage.objects.get' denied on resource (or it may not exist).`,
    );
  }
  const objects = storageObjects[bucket];
  if (objects === undefined) return rpcError(404, "The specified bucket does not exist.");
  const content = Object.hasOwn(objects, object) ? objects[object] : undefined;
  if (content === undefined) return rpcError(404, `No such object: ${bucket}/${object}`);
  if (target.download || request.url.searchParams.get("alt") === "media") {
    return new Response(content, { headers: { "content-type": CONTENT_TYPE } });
  }
  return jsonResponse(objectResource(request.url.origin, bucket, object, content));
}
