// Credential Access Boundaries, as STS takes them in a downscoping exchange and as Cloud Storage
// enforces them: at most 10 rules, each a bucket (`//storage.<universe>/projects/_/buckets/<name>`),
// roles as `inRole:roles/...` and an optional CEL condition. A request reaches an object only
// through a rule on its bucket whose roles carry the permission and whose condition holds for
// `resource.name` (`projects/_/buckets/<bucket>/objects/<object>`); a condition the emulator's CEL
// subset cannot evaluate (such as `api.getAttribute(...)`) does not hold.
import { CelEvaluationError, CelSyntaxError, compileCel } from "../_cel/cel.ts";
import type { AccessBoundaryRule } from "../types.ts";

/** The most rules a boundary may have (Google's limit; google-auth-library checks it too). */
export const MAX_RULES = 10;

/** Cloud Storage roles by the object permissions they carry. */
const OBJECT_ROLES: Readonly<Record<string, readonly string[]>> = {
  "storage.objects.get": [
    "roles/storage.objectViewer",
    "roles/storage.objectUser",
    "roles/storage.objectAdmin",
    "roles/storage.admin",
    "roles/storage.legacyObjectReader",
    "roles/storage.legacyObjectOwner",
  ],
};

const CONDITION_FIELDS = ["expression", "title", "description"];
const RULE_FIELDS = ["availableResource", "availablePermissions", "availabilityCondition"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The rule at `index`, or the problem with it. */
function ruleOf(value: unknown, index: number, universe: string): AccessBoundaryRule | string {
  const at = `accessBoundaryRules[${index}]`;
  if (!isRecord(value)) return `${at} is not an object`;
  const unknown = Object.keys(value).find((key) => !RULE_FIELDS.includes(key));
  if (unknown !== undefined) return `${at} has an unknown field "${unknown}"`;
  const { availableResource: resource, availablePermissions: permissions } = value;
  const bucket = new RegExp(
    `^//storage\\.${universe.replaceAll(".", "\\.")}/projects/_/buckets/[^/]+$`,
  );
  if (typeof resource !== "string" || !bucket.test(resource)) {
    return `${at}.availableResource must be //storage.${universe}/projects/_/buckets/<bucket>: only Cloud Storage buckets are supported`;
  }
  if (
    !Array.isArray(permissions) || permissions.length === 0 ||
    !permissions.every((permission) => typeof permission === "string")
  ) {
    return `${at}.availablePermissions must list at least one permission`;
  }
  const notRole = permissions.find((permission) => !/^inRole:roles\/\S+$/.test(permission));
  if (notRole !== undefined) {
    return `${at}.availablePermissions has "${notRole}": permissions must be inRole:roles/<role>`;
  }
  const condition = value.availabilityCondition;
  if (condition === undefined || condition === null) {
    return { availableResource: resource, availablePermissions: permissions };
  }
  if (
    !isRecord(condition) || typeof condition.expression !== "string" ||
    condition.expression.trim() === "" ||
    Object.keys(condition).some((key) => !CONDITION_FIELDS.includes(key)) ||
    ["title", "description"].some((key) =>
      condition[key] !== undefined && typeof condition[key] !== "string"
    )
  ) {
    return `${at}.availabilityCondition must be { expression, title?, description? } with a CEL expression`;
  }
  return {
    availableResource: resource,
    availablePermissions: permissions,
    availabilityCondition: condition as AccessBoundaryRule["availabilityCondition"],
  };
}

/** The rules of an `accessBoundary` option, or the problem with it. */
export function parseAccessBoundary(
  value: unknown,
  universe: string,
): AccessBoundaryRule[] | string {
  const rules = isRecord(value) ? value.accessBoundaryRules : undefined;
  if (!isRecord(value) || Object.keys(value).some((key) => key !== "accessBoundaryRules")) {
    return "accessBoundary must be { accessBoundaryRules: [...] }";
  }
  if (!Array.isArray(rules) || rules.length === 0) {
    return "accessBoundary.accessBoundaryRules must list at least one rule";
  }
  if (rules.length > MAX_RULES) {
    return `accessBoundary.accessBoundaryRules has ${rules.length} rules, more than ${MAX_RULES}`;
  }
  const parsed: AccessBoundaryRule[] = [];
  for (const [index, rule] of rules.entries()) {
    const result = ruleOf(rule, index, universe);
    if (typeof result === "string") return result;
    parsed.push(result);
  }
  return parsed;
}

function conditionHolds(expression: string, resourceName: string): boolean {
  try {
    return compileCel(expression)({ resource: { name: resourceName } }) === true;
  } catch (error) {
    if (error instanceof CelSyntaxError || error instanceof CelEvaluationError) return false;
    throw error;
  }
}

/** Whether `rules` let a token use `permission` on an object of `bucket`. */
export function boundaryAllows(
  rules: readonly AccessBoundaryRule[],
  universe: string,
  permission: keyof typeof OBJECT_ROLES,
  bucket: string,
  object: string,
): boolean {
  const resource = `//storage.${universe}/projects/_/buckets/${bucket}`;
  const name = `projects/_/buckets/${bucket}/objects/${object}`;
  return rules.some((rule) =>
    rule.availableResource === resource &&
    rule.availablePermissions.some((role) =>
      OBJECT_ROLES[permission]!.includes(role.slice("inRole:".length))
    ) &&
    (rule.availabilityCondition === undefined ||
      conditionHolds(rule.availabilityCondition.expression, name))
  );
}
