import assert from "node:assert/strict";
import {
  type AnyAuthError,
  AUTH_ERROR_HINTS,
  AuthError,
  type AuthErrorCode,
  CredentialsError,
  GithubOidcError,
  GoogleApiError,
  TokenError,
} from "../../auth/mod.ts";

Deno.test("AuthError subclasses carry name, code, default hint and cause", () => {
  const cause = new Error("root");
  const errors: AnyAuthError[] = [
    new CredentialsError("ERR_KEY_EMPTY", "empty", { option: "credentialsJson" }),
    new GoogleApiError("ERR_STS_EXCHANGE_FAILED", "sts", { status: 400, cause }),
    new GithubOidcError("ERR_OIDC_REQUEST_FAILED", "oidc"),
    new TokenError("ERR_TOKEN_RESPONSE_INVALID", "token"),
  ];
  const names = errors.map((e) => e.name);
  assert.deepEqual(names, ["CredentialsError", "GoogleApiError", "GithubOidcError", "TokenError"]);
  for (const error of errors) {
    assert.ok(error instanceof AuthError && error instanceof Error);
    assert.equal(error.hint, AUTH_ERROR_HINTS[error.code]);
  }
  assert.equal(errors[1]!.cause, cause);
  assert.equal(errors[2]!.status, 0);
});

Deno.test("AUTH_ERROR_HINTS has an imperative hint for every code", () => {
  const codes = Object.keys(AUTH_ERROR_HINTS) as AuthErrorCode[];
  assert.equal(codes.length, 18);
  for (const code of codes) {
    assert.match(code, /^ERR_[A-Z0-9_]+$/);
    assert.match(AUTH_ERROR_HINTS[code], /^[A-Z]/);
    assert.ok(!AUTH_ERROR_HINTS[code].endsWith("."));
  }
});

Deno.test("AuthError redacts secrets from message, hint and Google message at construction", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
  const error = new GoogleApiError("ERR_IAM_ID_TOKEN_FAILED", `bad ${jwt} and opaque-secret-1`, {
    status: 401,
    googleMessage: `Bearer ${jwt}`,
    hint: "retry opaque-secret-1",
    secrets: ["opaque-secret-1"],
  });
  const all = `${error.message} ${error.hint} ${error.googleMessage}`;
  assert.ok(!all.includes(jwt));
  assert.ok(!all.includes("opaque-secret-1"));
  assert.match(error.message, /\[REDACTED\]/);
});
