// `payform sandbox` for a node test: finds the binary, starts it on a free port, resolves its
// first line (the client session and the Server API's endpoint and keys), stops it.
//
//   import { startSandbox } from "payform-web-form/sandbox";
//   const sandbox = await startSandbox();            // PAYFORM, else payform on PATH
//   sandbox.session                                  // what mountPaymentForm's `session` takes
//   sandbox.serverApi.apiEndpoint, .merchantId, .apiKeyId, .secretApiKey
//   await sandbox.stop();
//
// node only (it spawns a process); a page never imports it. payform itself is not in this
// package: the project's release has a self-contained Linux binary, and `swift build` makes one.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** No payform binary where it was looked for; `looked` names each place. */
export class PayformNotFoundError extends Error {
  constructor(looked) {
    super(`payform not found; looked at ${looked.join("; ")}. Set PAYFORM to the payform binary or put it on PATH.`);
    this.name = "PayformNotFoundError";
    this.code = "payform_not_found";
    this.looked = looked;
  }
}

function executable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The payform to run: `options.payform`, else PAYFORM, else the first payform on PATH. A binary
 * named (`options.payform`, PAYFORM) must be there: it is never passed over silently.
 */
export function findPayform(options = {}) {
  const env = options.env ?? process.env;
  for (const [origin, path] of [["options.payform", options.payform], ["PAYFORM", env.PAYFORM]]) {
    if (!path) continue;
    if (executable(path)) return path;
    throw new PayformNotFoundError([`${origin} (${path}: not an executable file)`]);
  }
  for (const directory of (env.PATH ?? "").split(delimiter)) {
    if (directory && executable(join(directory, "payform"))) return join(directory, "payform");
  }
  throw new PayformNotFoundError(["options.payform (not set)", "PAYFORM (not set)", `PATH (${env.PATH ?? ""})`]);
}

/**
 * Starts `payform sandbox` and resolves once its first line is read. Options: `payform` (the
 * binary), `args` (more sandbox options), `webhookUrl`, `env`, `timeoutMs` (default 60000),
 * `log` (true: the sandbox's standard error goes to this process's).
 */
export function startSandbox(options = {}) {
  let binary;
  try {
    binary = findPayform(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const args = ["sandbox", ...(options.args ?? [])];
  if (options.webhookUrl) args.push("--webhook-url", options.webhookUrl);
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], env: options.env ?? process.env });
  let errorTail = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => {
    errorTail = (errorTail + text).slice(-4000);
    if (options.log) process.stderr.write(text);
  });
  // "close" comes after the process ended and its output was all read, so a refusal's message
  // (standard error, or the JSON error on standard output) is in hand when it is reported.
  const exited = new Promise((resolve) => child.once("close", (code, signal) => resolve(code ?? signal)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  return new Promise((resolve, reject) => {
    let buffered = "";
    let settled = false;
    // What the sandbox said when it refused: the message of the JSON error it printed, else the
    // end of its standard error.
    const refusal = () => {
      try {
        const message = JSON.parse(buffered)?.error?.message;
        if (typeof message === "string") return message;
      } catch {}
      return errorTail.trim();
    };
    const fail = (why, { waitForExit = false } = {}) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A sandbox that refused its options is ending by itself: let it finish saying why.
      const ended = waitForExit ? Promise.race([exited, new Promise((done) => setTimeout(done, 2000).unref())]) : Promise.resolve();
      ended.then(stop).then(() => {
        const said = refusal();
        reject(new Error(`${binary} sandbox ${why}${said ? `: ${said}` : ""}`));
      });
    };
    const timer = setTimeout(() => fail(`printed no first line within ${(options.timeoutMs ?? 60000) / 1000} s`), options.timeoutMs ?? 60000);
    child.once("error", (error) => fail(`could not start (${error.message})`));
    child.once("close", (code, signal) => fail(`exited (${code ?? signal}) before its first line`));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      if (buffered.length < 65536) buffered += text;
      if (settled) return;
      const end = buffered.indexOf("\n");
      if (end < 0) return;
      let info;
      try {
        info = JSON.parse(buffered.slice(0, end));
      } catch {
        fail(`printed a first line that is not JSON`, { waitForExit: true });
        return;
      }
      settled = true;
      clearTimeout(timer);
      const { clientApiUrl, assetUrl, customerId, clientSessionId } = info;
      resolve({
        info,
        session: { clientApiUrl, assetUrl, customerId, clientSessionId },
        serverApi: info.serverApi,
        webhooks: info.webhooks ?? null,
        url: info.serverApi.apiEndpoint,
        process: child,
        stop,
      });
    });
  });
}
