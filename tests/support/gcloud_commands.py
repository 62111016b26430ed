# Runs several gcloud commands in one process: gcloud's command line is built once, as the gcloud
# program builds it (lib/gcloud.py imports googlecloudsdk.gcloud_main), and each command runs on it.
# A gcloud process per command would start Python and load the SDK again each time (about 1.2 s of
# CPU a command). A failing command ends the run with gcloud's own error.
#
# Usage: <gcloud's python> gcloud_commands.py <gcloud's lib folder> '<JSON list of argument lists>'
import json
import os
import sys

lib = sys.argv[1]
sys.path[:0] = [os.path.join(lib, "third_party"), lib]
from googlecloudsdk import gcloud_main  # noqa: E402 (the path above comes first)

cli = gcloud_main.CreateCLI([])
for args in json.loads(sys.argv[2]):
    cli.Execute(args)
