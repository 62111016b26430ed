// The reference for X.509 files: google-auth-library (the version in deno.json) gets an access
// token with each file under Node, as x509_checks.mjs does with this package. Usage:
// node x509_google_auth_library.mjs <file>...; prints one line of JSON per file, as x509_checks.mjs.
import { readFileSync } from "node:fs";
import process from "node:process";
import { IdentityPoolClient } from "google-auth-library";

for (const file of process.argv.slice(2)) {
  try {
    const client = new IdentityPoolClient(JSON.parse(readFileSync(file, "utf8")));
    const { token } = await client.getAccessToken();
    console.log(JSON.stringify({ token }));
  } catch (error) {
    console.log(JSON.stringify({ error: error.name, message: error.message }));
  }
}
