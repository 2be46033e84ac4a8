// PaymentFormEngine in a browser or in node: the engine's core, compiled from the same Swift
// sources to WebAssembly (Scripts/build/build-web.sh), behind one call that takes and gives JSON.
//
//   import { PaymentFormEngine } from "./payform-engine.mjs";
//   const engine = await PaymentFormEngine.load();              // payform-engine.wasm beside this file
//   const answer = engine.call({ op: "version" });
//
// JavaScript owns input and output (the DOM, fetch, crypto.getRandomValues); WebAssembly owns
// every decision: masks and caret, validation and messages, brand detection and the IIN lookup
// rule, the form controller, the encryption. No dependencies, no eval.

const encoder = new TextEncoder();
// fatal: an answer that is not UTF-8 is no answer of the engine's (see #takeResult).
const decoder = new TextDecoder("utf-8", { fatal: true });

/** An error from the engine, the form or the Client API, with its stable code. */
export class PaymentFormError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "PaymentFormError";
    this.code = code;
  }
}

/**
 * The engine, instantiated: call it with a request object, get the answer object.
 *
 * The module's memory is never trusted blindly: every pointer and length it hands back is checked
 * against the memory (and the heap's start), and its answers must be UTF-8 JSON. When a call
 * traps, throws out of the module or breaks those rules, the instance is dropped and the call
 * throws a PaymentFormError `engine_failed`; the next call runs on a fresh instance of the same
 * compiled module (whatever the old one held, the forms it had open, is gone: `generation` tells).
 */
export class PaymentFormEngine {
  /**
   * Loads and instantiates the module.
   * @param {URL|string|ArrayBuffer|Uint8Array|WebAssembly.Module} [source] where the module is
   *   (default: payform-engine.wasm beside this file), its bytes, or a compiled module.
   * @param {object} [options]
   * @param {(path: string) => Uint8Array} [options.readFile] reads a file, for the command-line
   *   contract in node (throws when the file cannot be read); a page leaves it out.
   */
  static async load(source = new URL("./payform-engine.wasm", import.meta.url), options = {}) {
    const engine = new PaymentFormEngine(options);
    const imports = { env: engine.#hostFunctions() };
    let compiled;
    if (source instanceof WebAssembly.Module) {
      compiled = { module: source, instance: await WebAssembly.instantiate(source, imports) };
    } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
      compiled = await WebAssembly.instantiate(source, imports);
    } else {
      const url = new URL(String(source), import.meta.url);
      if (url.protocol === "file:") {
        const { readFile } = await import("node:fs/promises");
        compiled = await WebAssembly.instantiate(await readFile(url), imports);
      } else {
        const response = await fetch(url);
        // Said plainly: compiling an error page would fail with a complaint about its type.
        if (!response.ok) throw new Error(`the engine's module ${url.href} could not be fetched: HTTP ${response.status}`);
        compiled = typeof WebAssembly.instantiateStreaming === "function"
          ? await WebAssembly.instantiateStreaming(response, imports)
          : await WebAssembly.instantiate(await response.arrayBuffer(), imports);
      }
    }
    engine.#module = compiled.module;
    engine.#imports = imports;
    engine.#exports = compiled.instance.exports;
    return engine;
  }

  #module = null;
  #imports = null;
  #exports = null;
  #generation = 0;
  #options;

  constructor(options = {}) {
    this.#options = options;
  }

  /**
   * How many instances the engine has dropped after a failure (0 at first). A form opened in an
   * earlier generation is gone.
   */
  get generation() { return this.#generation; }

  /**
   * The compiled module (a `WebAssembly.Module`). Another instance of it, in a worker say, shares
   * the code the browser compiled for it: what one instance ran first is compiled for all.
   */
  get module() { return this.#module; }

  /** Sends `request` (an object, sent as JSON) and returns the engine's answer, parsed. */
  call(request) {
    const text = this.callText(JSON.stringify(request));
    try {
      return JSON.parse(text);
    } catch {
      throw this.#failed("its answer is not JSON");
    }
  }

  /** Sends a JSON request as text and returns the answer's JSON text. */
  callText(text) {
    const exports = this.#instance();
    const bytes = encoder.encode(text);
    try {
      const pointer = exports.payform_alloc(bytes.length);
      this.#checkBlock(exports, pointer, bytes.length, "payform_alloc");
      new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
      const result = exports.payform_call(pointer, bytes.length);
      exports.payform_free(pointer);
      return this.#takeResult(exports, result);
    } catch (error) {
      throw this.#failed(error instanceof EngineFault ? error.message : `${error?.name ?? "Error"}: ${error?.message ?? error}`);
    }
  }

  /** The live instance's exports; after a failure, those of a fresh instance of the same module. */
  #instance() {
    if (this.#exports) return this.#exports;
    if (!this.#module) throw new PaymentFormError("engine_failed", "the engine is not loaded");
    try {
      this.#exports = new WebAssembly.Instance(this.#module, this.#imports).exports;
    } catch (error) {
      throw new PaymentFormError("engine_failed", `the engine could not be started again: ${error?.message ?? error}`);
    }
    return this.#exports;
  }

  /** Drops the instance after `reason`; the error the failed call throws. */
  #failed(reason) {
    this.#exports = null;
    this.#generation += 1;
    return new PaymentFormError("engine_failed", `the engine failed (${reason}); it starts afresh on the next call, without the forms it held`);
  }

  /** Throws unless `[pointer, pointer + length)` lies in the heap of the module's memory. */
  #checkBlock(exports, pointer, length, what) {
    const heapBase = exports.__heap_base instanceof WebAssembly.Global ? exports.__heap_base.value : 0;
    const size = exports.memory.buffer.byteLength;
    if (!Number.isInteger(pointer) || pointer < heapBase || pointer === 0 || length < 0 || pointer + length > size) {
      throw new EngineFault(`${what} gave a block outside the heap (${pointer}, ${length} bytes)`);
    }
  }

  /** Reads and frees a result block: a little-endian 32-bit length, then that many bytes. */
  #takeResult(exports, pointer) {
    this.#checkBlock(exports, pointer, 4, "payform_call");
    const length = new DataView(exports.memory.buffer).getUint32(pointer, true);
    this.#checkBlock(exports, pointer, 4 + length, "payform_call");
    let text;
    try {
      text = decoder.decode(new Uint8Array(exports.memory.buffer, pointer + 4, length));
    } catch {
      throw new EngineFault("its answer is not UTF-8");
    }
    exports.payform_free(pointer);
    return text;
  }

  #text(pointer, length) {
    return decoder.decode(new Uint8Array(this.#exports.memory.buffer, pointer, length));
  }

  /** What the module imports from its host. */
  #hostFunctions() {
    return {
      // Randomness for keys and nonces: the platform's cryptographic generator.
      fill_random: (pointer, length) => {
        for (let offset = 0; offset < length; offset += 65536) {
          const size = Math.min(65536, length - offset);
          globalThis.crypto.getRandomValues(new Uint8Array(this.#exports.memory.buffer, pointer + offset, size));
        }
      },
      // Double(String): decimal syntax only (what the engine reads), correctly rounded by the host.
      parse_double: (pointer, length, result) => {
        const text = this.#text(pointer, length);
        let value;
        if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) value = Number(text);
        else if (/^[+-]?(?:inf|infinity)$/i.test(text)) value = text.startsWith("-") ? -Infinity : Infinity;
        else if (/^[+-]?nan$/i.test(text)) value = NaN;
        else return 0;
        new DataView(this.#exports.memory.buffer).setFloat64(result, value, true);
        return 1;
      },
      // Files, for the command-line contract in node: 0 read, 1 no such file, 2 cannot read.
      read_file: (pathPointer, pathLength, resultPointer) => {
        const read = this.#options.readFile;
        if (!read) return 1; // a page has no files: every path is "no such file"
        let bytes;
        try {
          bytes = read(this.#text(pathPointer, pathLength));
        } catch (error) {
          return error && error.code === "ENOENT" ? 1 : 2;
        }
        const pointer = this.#exports.payform_alloc(bytes.length);
        new Uint8Array(this.#exports.memory.buffer, pointer, bytes.length).set(bytes);
        const view = new DataView(this.#exports.memory.buffer);
        view.setUint32(resultPointer, pointer, true);
        view.setUint32(resultPointer + 4, bytes.length, true);
        return 0;
      },
    };
  }
}

/** A broken rule of the module's memory or answers (the engine is then dropped). */
class EngineFault extends Error {}
