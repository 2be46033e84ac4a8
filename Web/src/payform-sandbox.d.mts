// Declarations of payform-sandbox.mjs (`payform-web-form/sandbox`): `payform sandbox` for node tests.

/** The four values of a client session, as `mountPaymentForm`'s `session` takes them. */
export interface SandboxSession {
  clientApiUrl: string;
  assetUrl: string;
  customerId: string;
  clientSessionId: string;
}

/** The Server API's endpoint and credentials (public test values unless given). */
export interface SandboxServerApi {
  apiEndpoint: string;
  merchantId: string;
  apiKeyId: string;
  secretApiKey: string;
}

/** Where the sandbox posts its webhooks and the key it signs them with. */
export interface SandboxWebhooks {
  url: string;
  keyId: string;
  secretKey: string;
}

/** A running sandbox. */
export interface RunningSandbox {
  /** Its whole first line. */
  info: Record<string, unknown> & SandboxSession & { serverApi: SandboxServerApi; webhooks?: SandboxWebhooks };
  session: SandboxSession;
  serverApi: SandboxServerApi;
  /** Present with the `webhookUrl` option. */
  webhooks: SandboxWebhooks | null;
  /** The origin, `http://127.0.0.1:PORT`. */
  url: string;
  /** The sandbox's process (node's ChildProcess). */
  process: { readonly pid?: number; kill(signal?: string): boolean };
  /** SIGTERM (SIGKILL after 10 s); resolves to the exit code or signal. */
  stop(): Promise<number | string | null>;
}

export interface StartSandboxOptions {
  /** The binary (default: PAYFORM, else payform on PATH). */
  payform?: string;
  /** More `payform sandbox` options, such as `["--merchant-id", "shop"]`. */
  args?: string[];
  /** Where to post webhooks (`--webhook-url`). */
  webhookUrl?: string;
  env?: Record<string, string | undefined>;
  /** How long to wait for the first line (default 60000). */
  timeoutMs?: number;
  /** Copy the sandbox's standard error (one line per request) to this process's. */
  log?: boolean;
}

/** No payform binary where it was looked for. */
export declare class PayformNotFoundError extends Error {
  readonly code: "payform_not_found";
  /** Each place looked at, with why it did not do. */
  readonly looked: string[];
}

export declare function findPayform(options?: Pick<StartSandboxOptions, "payform" | "env">): string;
export declare function startSandbox(options?: StartSandboxOptions): Promise<RunningSandbox>;
