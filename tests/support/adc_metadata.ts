// Application Default Credentials of google-auth-library in a process whose environment is an
// emulator's `env` (GCE_METADATA_HOST) and nothing else: prints what the library found as JSON.
import { GoogleAuth } from "google-auth-library";

const audience = "https://run.example";
const auth = new GoogleAuth({ scopes: ["https://www.googleapis.com/auth/cloud-platform"] });
const client = await auth.getClient();
const idClient = await auth.getIdTokenClient(audience);
console.log(JSON.stringify({
  client: client.constructor.name,
  token: (await client.getAccessToken()).token,
  projectId: await auth.getProjectId(),
  email: (await auth.getCredentials()).client_email,
  universe: await auth.getUniverseDomain(),
  idToken: await idClient.idTokenProvider.fetchIdToken(audience),
}));
