// The IAM roles the emulator knows and the permissions each carries: the options check names
// against it and the IAM policy grants from it.

/** The permissions IAM Credentials checks. */
export type Permission =
  | "iam.serviceAccounts.getAccessToken"
  | "iam.serviceAccounts.getOpenIdToken"
  | "iam.serviceAccounts.signJwt"
  | "iam.serviceAccounts.signBlob"
  | "iam.serviceAccounts.implicitDelegation";

const ROLE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  "roles/iam.serviceAccountTokenCreator": [
    "iam.serviceAccounts.getAccessToken",
    "iam.serviceAccounts.getOpenIdToken",
    "iam.serviceAccounts.signJwt",
    "iam.serviceAccounts.signBlob",
    "iam.serviceAccounts.implicitDelegation",
  ],
  "roles/iam.workloadIdentityUser": [
    "iam.serviceAccounts.getAccessToken",
    "iam.serviceAccounts.getOpenIdToken",
  ],
  "roles/iam.serviceAccountOpenIdTokenCreator": ["iam.serviceAccounts.getOpenIdToken"],
};

/** Whether `role` is one the emulator knows (`roles/iam.serviceAccountTokenCreator`, ...). */
export function isKnownRole(role: string): boolean {
  return Object.hasOwn(ROLE_PERMISSIONS, role);
}

/** The permissions `role` carries; none for a role the emulator does not know. */
export function permissionsOf(role: string): readonly Permission[] {
  return isKnownRole(role) ? ROLE_PERMISSIONS[role]! : [];
}
