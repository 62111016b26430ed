"""Python google-auth (gcloud's bundled copy) gets an access token with each X.509 file.

Usage: python3 google_auth_python_x509.py <file>...; prints one line of JSON per file, as
tests/runtime/x509_checks.mjs does: {"token": ...} or {"error": ..., "message": ...}.
"""

import json
import sys

import google.auth.transport.requests
from google.auth import identity_pool

SCOPES = ["https://www.googleapis.com/auth/cloud-platform"]

for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as file:
            info = json.load(file)
        credentials = identity_pool.Credentials.from_info(info, scopes=SCOPES)
        credentials.refresh(google.auth.transport.requests.Request())
        print(json.dumps({"token": credentials.token}))
    except Exception as error:  # noqa: BLE001 - each file's failure is reported, not raised
        print(json.dumps({"error": type(error).__name__, "message": str(error)}))
