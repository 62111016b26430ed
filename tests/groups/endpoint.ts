// The test files run in one isolate (see groups_test.ts): endpoint/: the rules, RFC 6570,
// differentials, types, hardening.
import "../endpoint/bare_endpoint_test.ts";
import "../endpoint/differential_random_test.ts";
import "../endpoint/differential_routes_test.ts";
import "../endpoint/divergences_test.ts";
import "../endpoint/endpoint_test.ts";
import "../endpoint/hardening_test.ts";
import "../endpoint/interop_test.ts";
import "../endpoint/invariants_test.ts";
import "../endpoint/rules_test.ts";
import "../endpoint/runtime_checks_test.ts";
import "../endpoint/template_cache_test.ts";
import "../endpoint/types_test.ts";
import "../endpoint/uri_template_rfc6570_test.ts";
import "../endpoint/web_only_test.ts";
