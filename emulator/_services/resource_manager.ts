// Cloud Resource Manager's projects.get (v1), which client libraries call to find a project id
// from the project number of a workload identity audience: the caller needs a live token the
// emulator issued, scoped to cloud-platform (or its read-only form); the emulated project is found
// by number or id, and any other project is a 403, as Google answers for projects one cannot see.
import { bearerOf, missingCredential, UNAUTHENTICATED } from "../_core/access.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, jsonResponse, rpcError } from "../_core/wire.ts";

/** The path prefix of projects under the emulator's Cloud Resource Manager base. */
export const PROJECTS_PREFIX = "/cloudresourcemanager/v1/projects/";
/** When the emulated project was created. */
const CREATED = "2026-01-01T00:00:00.000Z";

/** Answers `GET …/v1/projects/<number or id>`. */
export function getProject(request: Incoming, state: State): Response {
  if (request.method !== "GET") return rpcError(405, "Method not allowed: use GET.");
  const bearer = bearerOf(request, state, "cloudresourcemanager", [
    "cloud-platform",
    "cloud-platform.read-only",
  ]);
  if (bearer instanceof Response) return bearer;
  if (bearer.kind === "missing") return missingCredential();
  if (bearer.kind === "other") return rpcError(401, UNAUTHENTICATED);
  const { projectId, projectNumber } = state.config;
  const name = decodeURIComponent(request.url.pathname.slice(PROJECTS_PREFIX.length));
  if (name !== projectId && name !== projectNumber) {
    return rpcError(
      403,
      "The caller does not have permission",
    );
  }
  return jsonResponse({
    projectNumber,
    projectId,
    lifecycleState: "ACTIVE",
    name: projectId,
    createTime: CREATED,
  });
}
