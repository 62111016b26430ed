// Gets an access token with an X.509 `external_account` file through the runtime's own way of
// presenting a client certificate (no fetch option): Deno's createHttpClient, Bun's tls option, or
// the Node transport of the npm build. Usage: <runtime> x509_checks.mjs <auth module> <file>...;
// prints one line of JSON per file: {"token": ...} or {"error": code, "message": ...}.
import { readFileSync } from "node:fs";
import process from "node:process";

const [modulePath, ...files] = process.argv.slice(2);
const { credentialsFromJson } = await import(modulePath);
for (const file of files) {
  try {
    const credentials = credentialsFromJson(JSON.parse(readFileSync(file, "utf8")));
    const { token } = await credentials.getAccessToken();
    console.log(JSON.stringify({ token }));
  } catch (error) {
    console.log(JSON.stringify({ error: error.code ?? error.name, message: error.message }));
  }
}
