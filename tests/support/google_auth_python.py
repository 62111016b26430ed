# Python google-auth (the copy bundled with gcloud) against the emulator, run by
# tests/emulator/gcloud_test.ts: a Direct WIF external_account file, the IAM ID token flow (which
# sends includeEmail and useEmailAzp as the strings "true"), the ID token verified against the
# PEM certificates of oauth2/v1/certs, and impersonation through delegates given as bare emails.
# Prints one JSON object; every URL in the config points at the emulator on 127.0.0.1.
import json
import sys

from google.auth import identity_pool, impersonated_credentials
from google.auth.transport.requests import Request
from google.oauth2 import _client, id_token, service_account

CLOUD_PLATFORM = ["https://www.googleapis.com/auth/cloud-platform"]

config = json.load(open(sys.argv[1]))
request = Request()
out = {}

wif = identity_pool.Credentials.from_info(json.load(open(config["wifFile"])), scopes=CLOUD_PLATFORM)
wif.refresh(request)
out["wifToken"] = wif.token

source = service_account.Credentials.from_service_account_info(
    json.load(open(config["keyFile"])), scopes=CLOUD_PLATFORM
)
source.refresh(request)
token, _expiry = _client.call_iam_generate_id_token_endpoint(
    request,
    config["iamBase"] + "/projects/-/serviceAccounts/{}:generateIdToken",
    config["target"],
    config["audience"],
    source.token,
)
out["idToken"] = token
out["claims"] = id_token.verify_token(
    token, request, audience=config["audience"], certs_url=config["pemCertsUrl"]
)

impersonated = impersonated_credentials.Credentials(
    source_credentials=source,
    target_principal=config["target"],
    target_scopes=CLOUD_PLATFORM,
    delegates=config["delegates"],
    iam_endpoint_override=config["iamBase"]
    + "/projects/-/serviceAccounts/{}:generateAccessToken".format(config["target"]),
)
impersonated.refresh(request)
out["delegatedToken"] = impersonated.token

print(json.dumps(out))
