# Runs several gcloud commands in one process: gcloud's command line is built once, as the gcloud
# program builds it (lib/gcloud.py imports googlecloudsdk.gcloud_main), and each command runs on it.
# A gcloud process per command would start Python and load the SDK again each time (about 1.2 s of
# CPU a command). Each command may set environment variables of its own (gcloud reads its
# properties from the environment at each use); what it writes to standard output is caught from
# file descriptor 1 (children such as gcloud storage's included) and the run prints the list of
# them as JSON. A failing command ends the run with gcloud's own error.
#
# Usage: <gcloud's python> gcloud_commands.py <gcloud's lib folder> \
#          '<JSON list of {"args": [...], "env": {...}}>'
import json
import os
import sys
import tempfile

lib = sys.argv[1]
sys.path[:0] = [os.path.join(lib, "third_party"), lib]
from googlecloudsdk import gcloud_main  # noqa: E402 (the path above comes first)
from googlecloudsdk.core.credentials import creds_context_managers  # noqa: E402

cli = gcloud_main.CreateCLI([])
stdout = os.dup(1)
outputs = []
for command in json.loads(sys.argv[2]):
    os.environ.update(command.get("env", {}))
    with tempfile.TemporaryFile() as caught:
        sys.stdout.flush()
        os.dup2(caught.fileno(), 1)
        try:
            # As gcloud_main.main() runs a command: impersonation's token provider comes with it.
            with creds_context_managers.CredentialProvidersManager(None):
                cli.Execute(command["args"])
        finally:
            sys.stdout.flush()
            os.dup2(stdout, 1)
        caught.seek(0)
        outputs.append(caught.read().decode("utf-8"))
os.write(stdout, json.dumps(outputs).encode("utf-8"))
