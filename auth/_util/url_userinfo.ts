// A URL's user name and password (userinfo), found as the WHATWG URL parser finds them: it reads
// `http:\\u:p@h`, `http:/u:p@h` and `http:u:p@h` as `http://u:p@h` and drops tabs and newlines
// anywhere, so a test of the text for `//...@` misses them.

/** The schemes whose URLs always have an authority, whatever their slashes (WHATWG "special"). */
const SPECIAL_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "ws", "wss", "ftp", "file"]);
/** Characters the URL parser removes wherever they are. */
const STRIPPED = /[\t\n\r]/g;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const SCHEME_CHAR = /[A-Za-z0-9+.\t\n\r-]/;
const SLASH = /[/\\\t\n\r]/;
/** What ends a userinfo scanned back from its `@`. */
const USERINFO_END = /[ \f\v/\\?#@]/;

/**
 * Whether `url` has a user name or password, as `new URL()` reads it (so in every spelling a
 * runtime's `fetch` accepts); `false` for text that is not a URL.
 */
export function hasUserinfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}

/** Whether the scheme ending at `colon` (exclusive) makes `slashes` open an authority. */
function opensAuthority(text: string, colon: number, slashes: string): boolean {
  let start = colon;
  // A scheme is short; the bound keeps every scan back linear in all.
  while (start > 0 && colon - start < 32 && SCHEME_CHAR.test(text[start - 1]!)) start--;
  const scheme = text.slice(start, colon).replace(STRIPPED, "");
  if (!SCHEME.test(scheme)) return false;
  return SPECIAL_SCHEMES.has(scheme.toLowerCase()) || slashes.replace(STRIPPED, "") === "//";
}

/**
 * Where the userinfo ending at the `@` at `at` starts, or -1 when that `@` is not a URL's: after
 * `scheme://` (any slashes, backslashes, tabs or newlines for http(s) and the other special
 * schemes), or after `http:` with none.
 */
function userinfoStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && !USERINFO_END.test(text[start - 1]!)) start--;
  let colon = start;
  while (colon > 0 && SLASH.test(text[colon - 1]!)) colon--;
  if (colon < start) {
    return colon > 0 && text[colon - 1] === ":" &&
        opensAuthority(text, colon - 1, text.slice(colon, start))
      ? start
      : -1;
  }
  // No slash: `http:user:password@host` still has an authority.
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text.slice(start, at));
  return scheme !== null && SPECIAL_SCHEMES.has(scheme[1]!.toLowerCase())
    ? start + scheme[0].length
    : -1;
}

/**
 * `text` with the user name and password of every URL in it replaced by `…`, in every spelling
 * {@linkcode hasUserinfo} knows (`serviceAccount:sa@p.iam.gserviceaccount.com` is no URL, and
 * kept). One scan: each `@` looks back only as far as the previous one.
 */
export function withoutUserinfo(text: string): string {
  let result = "";
  let kept = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    const start = userinfoStart(text, at);
    if (start < 0 || start === at) continue;
    result += `${text.slice(kept, start)}…`;
    kept = at;
  }
  return kept === 0 ? text : result + text.slice(kept);
}
