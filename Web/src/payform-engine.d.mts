// Types of payform-engine.mjs: the engine (WebAssembly) behind one call that takes and gives JSON.
// Checked against Web/test/types/consumer.mts in CI (tsc --strict).

/** An error from the engine, the form or the Client API, with its stable code. */
export class PaymentFormError extends Error {
  constructor(code: string, message: string);
  readonly name: "PaymentFormError";
  /** `usage`, `engine_failed`, `client_api`, `encryption_failed`, `encryption_unavailable`, or an engine error code. */
  readonly code: string;
}

/** Options of {@link PaymentFormEngine.load}. */
export interface PaymentFormEngineOptions {
  /** Reads a file, for the command-line contract in node (throws when it cannot); a page leaves it out. */
  readFile?: (path: string) => Uint8Array;
}

/** The engine, instantiated: a request object in, the answer object out. */
export class PaymentFormEngine {
  /** Loads and instantiates the module (default: payform-engine.wasm beside the loader). */
  static load(source?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module,
              options?: PaymentFormEngineOptions): Promise<PaymentFormEngine>;
  /** How many instances the engine has dropped after a failure; a form of an earlier generation is gone. */
  readonly generation: number;
  /** The compiled module: another instance of it (in a worker, say) shares the code compiled for this one. */
  readonly module: WebAssembly.Module;
  /** Sends a request (`{op: ...}`) and returns the engine's answer, parsed. Throws `engine_failed` when the engine fails. */
  call(request: { op: string; [member: string]: unknown }): any;
  /** Sends a JSON request as text and returns the answer's JSON text. */
  callText(text: string): string;
}
