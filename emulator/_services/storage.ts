// A stand-in for Cloud Storage's `objects.get` (JSON API, `GET /storage/v1/b/<bucket>/o/<object>`,
// metadata, or the content with `alt=media`), there to show what a downscoped token reaches: the
// caller needs a live token the emulator issued with a storage or cloud-platform scope; every such
// token may read the emulated objects, unless its Credential Access Boundary does not allow the
// object, which is Cloud Storage's 403.
import { boundaryAllows } from "../_core/access_boundary.ts";
import { bearerOf, missingCredential, UNAUTHENTICATED } from "../_core/access.ts";
import type { State } from "../_core/state.ts";
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

/** The bucket and object a path names (the JSON API's or a media download's), or `undefined`. */
export function storageObjectOf(
  path: string,
): { bucket: string; object: string; download: boolean } | undefined {
  const prefix = [STORAGE_BUCKETS_PREFIX, STORAGE_DOWNLOAD_PREFIX].find((p) => path.startsWith(p));
  if (prefix === undefined) return undefined;
  const match = /^([^/]+)\/o\/(.+)$/s.exec(path.slice(prefix.length));
  if (match === null) return undefined;
  try {
    return {
      bucket: decodeURIComponent(match[1]!),
      object: decodeURIComponent(match[2]!),
      download: prefix === STORAGE_DOWNLOAD_PREFIX,
    };
  } catch {
    return undefined;
  }
}

/** Answers `objects.get`. */
export function storageGet(request: Incoming, state: State): Response {
  const target = storageObjectOf(request.url.pathname);
  if (target === undefined) return rpcError(404, "Not Found");
  if (request.method !== "GET") return rpcError(405, "Method not allowed: use GET.");
  const bearer = bearerOf(request, state, "storage", SCOPES);
  if (bearer instanceof Response) return bearer;
  if (bearer.kind === "missing") return missingCredential();
  if (bearer.kind === "other") return rpcError(401, UNAUTHENTICATED);
  const { bucket, object } = target;
  const { info } = bearer;
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
  // Every field a client reads to fetch the content: gcloud downloads from `mediaLink` (without
  // it, `gcloud storage cat` crashes in apitools on the missing URL) and checks `size`.
  const path = `${encodeURIComponent(bucket)}/o/${encodeURIComponent(object)}`;
  const origin = request.url.origin;
  return jsonResponse({
    kind: "storage#object",
    id: `${bucket}/${object}/1`,
    selfLink: `${origin}${STORAGE_BUCKETS_PREFIX}${path}`,
    mediaLink: `${origin}${STORAGE_DOWNLOAD_PREFIX}${path}?generation=1&alt=media`,
    name: object,
    bucket,
    generation: "1",
    metageneration: "1",
    contentType: CONTENT_TYPE,
    size: String(new TextEncoder().encode(content).length),
  });
}
