// signAwsRequest() against AWS's published Signature Version 4 test suite (the expected
// Authorization values as aws/aws-sdk-js-v3's packages/signature-v4/src/suite.fixture.ts holds
// them) and against the GetCallerIdentity signatures of google-auth-library's own tests
// (googleapis/google-auth-library-nodejs test/test.awsrequestsigner.ts).
import assert from "node:assert/strict";
import { amzDate, signAwsRequest } from "../../../auth/keys/_aws_signature.ts";

const SUITE_KEY = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
const SUITE_SCOPE = {
  region: "us-east-1",
  service: "service",
  date: new Date("2015-08-30T12:36:00Z"),
};

interface Vector {
  method: string;
  path?: string;
  query?: [string, string][];
  headers?: Record<string, string>;
  body?: string;
  signedHeaders?: string;
  signature: string;
}

/** Name -> request and the suite's expected SignedHeaders and Signature. */
const SUITE: Record<string, Vector> = {
  "get-vanilla": {
    method: "GET",
    signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
  },
  "get-vanilla-empty-query-key": {
    method: "GET",
    query: [["Param1", "value1"]],
    signature: "a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb",
  },
  "get-vanilla-query-order-key-case": {
    method: "GET",
    query: [["Param2", "value2"], ["Param1", "value1"]],
    signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
  },
  "get-vanilla-query-unreserved": {
    method: "GET",
    query: [[
      "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
      "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    ]],
    signature: "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197",
  },
  "get-vanilla-utf8-query": {
    method: "GET",
    query: [["\u1234", "bar"]],
    signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04",
  },
  "get-unreserved": {
    method: "GET",
    path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f",
  },
  "get-utf8": {
    method: "GET",
    path: "/\u1234",
    signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85",
  },
  "get-header-key-duplicate": {
    method: "GET",
    headers: { "My-Header1": "value2,value2,value1" },
    signedHeaders: "host;my-header1;x-amz-date",
    signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea",
  },
  "get-header-value-order": {
    method: "GET",
    headers: { "My-Header1": "value4,value1,value3,value2" },
    signedHeaders: "host;my-header1;x-amz-date",
    signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01",
  },
  "get-header-value-trim": {
    method: "GET",
    headers: { "My-Header1": " value1", "My-Header2": ' "a   b   c" ' },
    signedHeaders: "host;my-header1;my-header2;x-amz-date",
    signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736",
  },
  "post-vanilla": {
    method: "POST",
    signature: "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
  },
  "post-vanilla-query": {
    method: "POST",
    query: [["Param1", "value1"]],
    signature: "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11",
  },
  "post-vanilla-query-nonunreserved": {
    method: "POST",
    query: [["@#$%^", ""], ["+", '/,?><`";:\\|][{}']],
    signature: "66c82657c86e26fb25238d0e69f011edc4c6df5ae71119d7cb98ed9b87393c1e",
  },
  "post-vanilla-query-space": {
    method: "POST",
    query: [["p", ""]],
    signature: "e71688addb58a26418614085fb730ba3faa623b461c17f48f2fbdb9361b94a9b",
  },
  "post-header-key-sort": {
    method: "POST",
    headers: { "My-Header1": "value1" },
    signedHeaders: "host;my-header1;x-amz-date",
    signature: "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c",
  },
  "post-header-value-case": {
    method: "POST",
    headers: { "My-Header1": "VALUE1" },
    signedHeaders: "host;my-header1;x-amz-date",
    signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d",
  },
  "post-x-www-form-urlencoded": {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "Param1=value1",
    signedHeaders: "content-type;host;x-amz-date",
    signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a",
  },
  "post-x-www-form-urlencoded-parameters": {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf8" },
    body: "Param1=value1",
    signedHeaders: "content-type;host;x-amz-date",
    signature: "1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe",
  },
};

Deno.test("signAwsRequest() passes AWS's Signature Version 4 test suite", async (t) => {
  for (const [name, vector] of Object.entries(SUITE)) {
    await t.step(name, async () => {
      const url = new URL(`https://example.amazonaws.com${vector.path ?? "/"}`);
      for (const [key, value] of vector.query ?? []) url.searchParams.append(key, value);
      const headers = await signAwsRequest(
        { method: vector.method, url: url.href, headers: vector.headers, body: vector.body },
        SUITE_KEY,
        SUITE_SCOPE,
      );
      assert.equal(
        headers.authorization,
        `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=${
          vector.signedHeaders ?? "host;x-amz-date"
        }, Signature=${vector.signature}`,
      );
      assert.equal(headers["x-amz-date"], "20150830T123600Z");
      assert.equal(headers.host, "example.amazonaws.com");
    });
  }
});

// google-auth-library's GetCallerIdentity vectors: 2020-08-11T06:55:22.345Z, us-east-2.
const GET_CALLER_IDENTITY =
  "https://sts.us-east-2.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15";
const GOOGLE_KEY = {
  accessKeyId: "ASIARD4OQDT6A77FR3CL",
  secretAccessKey: "Y8AfSaucF37G4PpvfguKZ3/l7Id4uocLXxX0+VTx",
};
const GOOGLE_SCOPE = {
  region: "us-east-2",
  service: "sts",
  date: new Date("2020-08-11T06:55:22.345Z"),
};

Deno.test("signAwsRequest() signs GetCallerIdentity as google-auth-library's tests expect", async () => {
  const plain = await signAwsRequest(
    { method: "POST", url: GET_CALLER_IDENTITY },
    GOOGLE_KEY,
    GOOGLE_SCOPE,
  );
  assert.deepEqual(plain, {
    host: "sts.us-east-2.amazonaws.com",
    "x-amz-date": "20200811T065522Z",
    authorization:
      "AWS4-HMAC-SHA256 Credential=ASIARD4OQDT6A77FR3CL/20200811/us-east-2/sts/aws4_request, SignedHeaders=host;x-amz-date, Signature=d095ba304919cd0d5570ba8a3787884ee78b860f268ed040ba23831d55536d56",
  });
  const withToken = await signAwsRequest(
    { method: "POST", url: GET_CALLER_IDENTITY },
    { ...GOOGLE_KEY, sessionToken: "tok/en+=" },
    GOOGLE_SCOPE,
  );
  assert.equal(withToken["x-amz-security-token"], "tok/en+=");
  assert.match(
    withToken.authorization!,
    /SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=41328348de78e2a04193d48cb45e7a3ee40ef8640bda1c66bbcd69ce0d479284$/,
  );
});

Deno.test("amzDate() drops separators and milliseconds", () => {
  assert.equal(amzDate(new Date("2020-08-11T06:55:22.345Z")), "20200811T065522Z");
});
