// The regular expressions of CEL's matches(), which are RE2's, mapped onto JavaScript's RegExp:
// what RE2 leaves out (lookaround, backreferences) is refused as Google refuses it, and RE2's
// leading flag group, such as (?i), becomes RegExp flags.

/** RE2 patterns may start with a group of flags; `i`, `m` and `s` mean what they mean in JS. */
const FLAG_GROUP = /^\(\?([ims]{1,3})\)/;
const LOOKAROUND = /^\(\?<?[=!]/;

/**
 * A RegExp that matches what the RE2 `pattern` matches, or why there is none: `problem` names an
 * RE2 rule the pattern breaks, and is undefined when the pattern is not a valid expression at all.
 */
export function compileRe2(pattern: string): RegExp | { problem: string | undefined } {
  const flags = FLAG_GROUP.exec(pattern);
  const body = flags === null ? pattern : pattern.slice(flags[0].length);
  const problem = notRe2(body);
  if (problem !== undefined) return { problem };
  try {
    return new RegExp(body, `u${flags?.[1] ?? ""}`);
  } catch {
    return { problem: undefined };
  }
}

/** The first construct of `pattern` that RE2 does not have, outside character classes. */
function notRe2(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === "\\") {
      if (/^[1-9k]$/.test(pattern.charAt(++i))) return "RE2 has no backreferences";
    } else if (inClass) {
      inClass = c !== "]";
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(" && LOOKAROUND.test(pattern.slice(i, i + 4))) {
      return "RE2 has no lookahead or lookbehind";
    }
  }
  return undefined;
}
