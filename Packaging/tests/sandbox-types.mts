// The node helper's declarations, compiled with tsc --strict against the installed package.
import { findPayform, PayformNotFoundError, startSandbox, type RunningSandbox } from "payform-web-form/sandbox";

const binary: string = findPayform({ env: { PATH: "/usr/bin" } });
const sandbox: RunningSandbox = await startSandbox({ payform: binary, args: ["--merchant-id", "shop"], timeoutMs: 5000 });
const endpoint: string = sandbox.serverApi.apiEndpoint;
const session: string = sandbox.session.clientSessionId;
const webhookKey: string | undefined = sandbox.webhooks?.keyId;
const stopped: number | string | null = await sandbox.stop();
const error = new Error() as unknown;
if (error instanceof PayformNotFoundError) {
  const looked: string[] = error.looked;
  console.log(looked);
}
console.log(endpoint, session, webhookKey, stopped);
