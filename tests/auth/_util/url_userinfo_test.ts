// hasUserinfo() and withoutUserinfo(): a URL's user name and password found as `new URL()` finds
// them, in every spelling a runtime's fetch accepts, and left out of free text in linear time.
import assert from "node:assert/strict";
import { hasUserinfo, withoutUserinfo } from "../../../auth/_util/url_userinfo.ts";
import { assertLinear } from "../../support/linear_time.ts";

/** Spellings that `new URL()` (and so fetch) reads as `http://svc:pw@host/x`. */
const SPELLINGS = [
  "http://svc:pw@host/x",
  "http:\\\\svc:pw@host/x",
  "http:/svc:pw@host/x",
  "http:svc:pw@host/x",
  "HTTPS:\\/svc:pw@host/x",
  "http://svc:p\tw@host/x",
  "ht\ttp://svc:pw@host/x",
  "http:/\n/svc:pw@host/x",
];

Deno.test("hasUserinfo() finds a user name or password in every spelling fetch accepts", () => {
  for (const url of SPELLINGS) {
    assert.equal(hasUserinfo(url), true, JSON.stringify(url));
    assert.equal(new URL(url).password.replace("\t", ""), "pw", "what fetch would send");
  }
  for (const url of ["https://host/a@b", "https://host/?q=a@b", "not a url", "mailto:a@b"]) {
    assert.equal(hasUserinfo(url), false, url);
  }
});

Deno.test("withoutUserinfo() leaves a URL's userinfo out of free text, and nothing else", () => {
  for (const url of SPELLINGS) {
    const text = withoutUserinfo(`from ${url} (no answer)`);
    assert.doesNotMatch(text, /svc|p\tw|pw@/, JSON.stringify(url));
    assert.match(text, /…@host\/x \(no answer\)$/);
  }
  for (
    const kept of [
      "serviceAccount:deploy@my-project.iam.gserviceaccount.com",
      "mail deploy@my-project.iam.gserviceaccount.com",
      "https://host/path/a@b and foo:/u@x",
      "http://@host",
      "a@b@c",
    ]
  ) {
    assert.equal(withoutUserinfo(kept), kept);
  }
});

Deno.test("withoutUserinfo() takes linear time on hostile text", async (t) => {
  const hostile: Record<string, (size: number) => string> = {
    '"a:" repeated, then an @': (size) => `${"a:".repeat(size / 2)}@`,
    '"//@" repeated': (size) => "//@".repeat(size / 3),
    "one long scheme": (size) => `${"a".repeat(size)}://u@h`,
    '"http:/u@" repeated': (size) => "http:/u@".repeat(size / 8),
  };
  for (const [name, make] of Object.entries(hostile)) {
    await t.step(name, () => assertLinear((size) => () => withoutUserinfo(make(size))));
  }
});
