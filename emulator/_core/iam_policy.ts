// IAM on service accounts: who the caller is (its principal identifiers), whether its bound roles
// carry a permission (roles.ts), and Google's 403 when a permission is missing anywhere along a
// delegation chain.
import { type Permission, permissionsOf } from "./roles.ts";
import type { State } from "./state.ts";
import { rpcError } from "./wire.ts";
import type { TokenInfo } from "../types.ts";

/** A caller: a federated identity, a service account, or a user (a delegated token). */
export type Caller =
  | { kind: "federated"; info: TokenInfo }
  | { kind: "serviceAccount"; email: string }
  | { kind: "user"; email: string };

/** The principal identifiers a caller matches in bindings. */
function membersOf(caller: Caller): string[] {
  if (caller.kind !== "federated") return [`${caller.kind}:${caller.email}`];
  // The pool of the token's principal (a workload or a workforce pool).
  const pool = caller.info.principal.replace(/^principal:/, "principalSet:").replace(
    /\/subject\/.*$/s,
    "",
  );
  return [
    caller.info.principal,
    `${pool}/*`,
    ...Object.entries(caller.info.attributes).map(([name, value]) =>
      `${pool}/attribute.${name}/${value}`
    ),
  ];
}

function allows(
  state: State,
  members: readonly string[],
  serviceAccount: string,
  permission: Permission,
): boolean {
  return state.config.bindings.some((binding) =>
    binding.serviceAccount === serviceAccount &&
    permissionsOf(binding.role).includes(permission) &&
    binding.members.some((member) => members.includes(member))
  );
}

function denied(permission: Permission, resource: string): Response {
  return rpcError(
    403,
    `Permission '${permission}' denied on resource (or it may not exist).`,
    [{
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "IAM_PERMISSION_DENIED",
      domain: "iam.googleapis.com",
      metadata: { permission, resource },
    }],
  );
}

/**
 * Checks that `caller` may use `permission` on `target` through `delegates` (emails, in order):
 * each hop needs `implicitDelegation` on the next, the last needs `permission` on the target.
 * Returns Google's 403 when not; `undefined` when allowed.
 */
export function authorize(
  state: State,
  caller: Caller,
  target: string,
  delegates: readonly string[],
  permission: Permission,
): Response | undefined {
  let members = membersOf(caller);
  for (const delegate of delegates) {
    const resource = `projects/-/serviceAccounts/${delegate}`;
    if (
      !state.hasServiceAccount(delegate) ||
      !allows(state, members, delegate, "iam.serviceAccounts.implicitDelegation")
    ) {
      return denied("iam.serviceAccounts.implicitDelegation", resource);
    }
    members = [`serviceAccount:${delegate}`];
  }
  if (!state.hasServiceAccount(target) || !allows(state, members, target, permission)) {
    return denied(permission, `projects/-/serviceAccounts/${target}`);
  }
  return undefined;
}
