// The subject token of an `external_account` made in code: the subjectTokenSupplier option's,
// asked at each refresh (google-auth-library does not cache it either).
import { GoogleApiError } from "../../errors.ts";
import { untilAborted } from "../../_util/abort.ts";
import type { SubjectTokenSupplier } from "../external_account_options.ts";
import { type Fields, requiredString } from "./fields.ts";
import type { SubjectTokenSource } from "./source.ts";
import { SUBJECT_TOKEN_HINT } from "../../_hints.ts";

/** The subject token source of the subjectTokenSupplier option. */
export function suppliedSubjectToken(
  fields: Fields,
  supplier: SubjectTokenSupplier,
): SubjectTokenSource {
  const audience = requiredString(fields, "audience");
  const subjectTokenType = requiredString(fields, "subject_token_type");
  return async (context) => {
    const token: unknown = await untilAborted(
      supplier.getSubjectToken({ audience, subjectTokenType }),
      context.call.signal,
    );
    if (typeof token !== "string" || token.trim() === "") {
      throw new GoogleApiError(
        "ERR_SUBJECT_TOKEN_FAILED",
        `Failed to get the subject token of ${fields.origin}: the option subjectTokenSupplier's getSubjectToken() gave ${
          typeof token === "string"
            ? "an empty string"
            : `a ${token === null ? "null" : typeof token}`
        }`,
        { defaultHint: SUBJECT_TOKEN_HINT },
      );
    }
    return token;
  };
}
