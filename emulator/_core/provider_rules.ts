// What every provider of the emulator's options shares, checked once: its CEL attribute mapping
// and condition, compiled, and the audiences Google accepts by default; and the one way an option
// is refused.
import { type CelProgram, CelSyntaxError, compileCel } from "../_cel/cel.ts";

/** The default attribute mapping: the subject, and three GitHub claims as attributes. */
export const DEFAULT_MAPPING: Readonly<Record<string, string>> = {
  "google.subject": "assertion.sub",
  "attribute.actor": "assertion.actor",
  "attribute.repository": "assertion.repository",
  "attribute.repository_owner": "assertion.repository_owner",
};

/** A checked provider. */
export interface Provider {
  name: string;
  /** `projects/<n>/locations/global/workloadIdentityPools/<pool>` or `locations/global/workforcePools/<pool>`. */
  pool: string;
  issuer: string;
  allowedAudiences: readonly string[];
  mapping: readonly (readonly [target: string, program: CelProgram])[];
  condition: CelProgram | undefined;
}

/** Refuses an option: `Cannot start the emulator: option "<option>" <problem>`. */
export function fail(option: string, problem: string): never {
  throw new TypeError(`Cannot start the emulator: option "${option}" ${problem}`);
}

function compile(option: string, expression: string): CelProgram {
  try {
    return compileCel(expression);
  } catch (error) {
    if (error instanceof CelSyntaxError) fail(option, `is not valid CEL: ${error.message}`);
    throw error;
  }
}

/** The compiled mapping and condition of a provider's options (`option` names it in errors). */
export function compiledRules(
  option: string,
  attributeMapping: Readonly<Record<string, string>> = DEFAULT_MAPPING,
  attributeCondition?: string,
): Pick<Provider, "mapping" | "condition"> {
  const mapping = Object.entries(attributeMapping);
  if (!mapping.some(([target]) => target === "google.subject")) {
    fail(`${option}.attributeMapping`, 'must map "google.subject", as Google requires');
  }
  for (const [target] of mapping) {
    if (target !== "google.subject" && !/^attribute\.[a-z_][a-z0-9_]{0,99}$/.test(target)) {
      fail(`${option}.attributeMapping`, `has target "${target}": use attribute.<name>`);
    }
  }
  return {
    mapping: mapping.map(([target, expression]) => [
      target,
      compile(`${option}.attributeMapping.${target}`, expression),
    ]),
    condition: attributeCondition === undefined
      ? undefined
      : compile(`${option}.attributeCondition`, attributeCondition),
  };
}

/** The audiences a provider accepts when its options name none, as Google's. */
export function defaultAudiences(
  given: readonly string[] | undefined,
  universe: string,
  name: string,
): readonly string[] {
  return given?.length ? given : [`https://iam.${universe}/${name}`, `//iam.${universe}/${name}`];
}
