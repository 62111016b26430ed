// The workforce pool provider and the Cloud Storage objects of the emulator's options, checked
// once: a name Google would refuse, or a bucket or object name Cloud Storage would, is a TypeError
// naming the option.
import { compiledRules, defaultAudiences, fail, type Provider } from "./provider_rules.ts";
import type { EmulatorOptions } from "../types.ts";

const DEFAULT_WORKFORCE_PROVIDER =
  "locations/global/workforcePools/emulated-workforce/providers/emulated";
const WORKFORCE_PROVIDER =
  /^locations\/global\/workforcePools\/[a-z][a-z0-9-]{4,61}[a-z0-9]\/providers\/[a-z0-9-]{4,32}$/;
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;
const DEFAULT_OBJECTS = { "emulated-bucket": { "hello.txt": "Hello from the emulator\n" } };

/** A checked workforce pool provider: a provider whose users name the project they bill. */
export interface WorkforceProvider extends Provider {
  userProjects: readonly string[];
}

/** The workforce provider of `options`; `projects` are the emulated project's id and number. */
export function workforceProviderOf(
  options: EmulatorOptions,
  universe: string,
  issuer: string,
  projects: readonly string[],
): WorkforceProvider {
  const given = options.workforceProvider ?? {};
  const name = given.name ?? DEFAULT_WORKFORCE_PROVIDER;
  if (!WORKFORCE_PROVIDER.test(name)) {
    fail(
      "workforceProvider.name",
      "must be locations/global/workforcePools/<pool>/providers/<provider>",
    );
  }
  const userProjects = given.userProjects ?? projects;
  if (userProjects.some((project) => !/^[a-z0-9-]{1,30}$/.test(project))) {
    fail("workforceProvider.userProjects", "must list project ids or numbers");
  }
  return {
    name,
    pool: name.slice(0, name.indexOf("/providers/")),
    issuer: given.issuer ?? issuer,
    allowedAudiences: defaultAudiences(given.allowedAudiences, universe, name),
    ...compiledRules("workforceProvider", given.attributeMapping, given.attributeCondition),
    userProjects,
  };
}

/** The storage stand-in's objects: bucket names as Cloud Storage allows them, text contents. */
export function storageObjectsOf(
  options: EmulatorOptions,
): Readonly<Record<string, Readonly<Record<string, string>>>> {
  const buckets = options.storageObjects ?? DEFAULT_OBJECTS;
  for (const [bucket, objects] of Object.entries(buckets)) {
    if (!BUCKET.test(bucket)) fail("storageObjects", `has bucket "${bucket}", not a bucket name`);
    for (const [name, content] of Object.entries(objects)) {
      if (name === "" || typeof content !== "string") {
        fail(`storageObjects.${bucket}`, "must map non-empty object names to text");
      }
    }
  }
  return buckets;
}
