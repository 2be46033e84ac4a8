// PaymentFormEngine in a browser or in node: the engine's core, compiled from the same Swift
// sources to WebAssembly (Scripts/build-web.sh), behind one call that takes and gives JSON.
//
//   import { PaymentFormEngine } from "./payform-engine.mjs";
//   const engine = await PaymentFormEngine.load();              // payform-engine.wasm beside this file
//   const answer = engine.call({ op: "version" });
//
// JavaScript owns input and output (the DOM, fetch, crypto.getRandomValues); WebAssembly owns
// every decision: masks and caret, validation and messages, brand detection and the IIN lookup
// rule, the form controller, the encryption. No dependencies, no eval.

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

/** The engine, instantiated: call it with a request object, get the answer object. */
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
    let instance;
    if (source instanceof WebAssembly.Module) {
      instance = await WebAssembly.instantiate(source, imports);
    } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
      instance = (await WebAssembly.instantiate(source, imports)).instance;
    } else {
      const url = new URL(String(source), import.meta.url);
      if (url.protocol === "file:") {
        const { readFile } = await import("node:fs/promises");
        instance = (await WebAssembly.instantiate(await readFile(url), imports)).instance;
      } else {
        const response = await fetch(url);
        // Said plainly: compiling an error page would fail with a complaint about its type.
        if (!response.ok) throw new Error(`the engine's module ${url.href} could not be fetched: HTTP ${response.status}`);
        instance = typeof WebAssembly.instantiateStreaming === "function"
          ? (await WebAssembly.instantiateStreaming(response, imports)).instance
          : (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
      }
    }
    engine.#exports = instance.exports;
    return engine;
  }

  #exports = null;
  #options;
  #patterns = [];

  constructor(options = {}) {
    this.#options = options;
  }

  /** Sends `request` (an object, sent as JSON) and returns the engine's answer, parsed. */
  call(request) {
    return JSON.parse(this.callText(JSON.stringify(request)));
  }

  /** Sends a JSON request as text and returns the answer's JSON text. */
  callText(text) {
    const exports = this.#exports;
    const bytes = encoder.encode(text);
    const pointer = exports.payform_alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
    const result = exports.payform_call(pointer, bytes.length);
    exports.payform_free(pointer);
    return this.#takeResult(result);
  }

  /** Reads and frees a result block: a little-endian 32-bit length, then that many bytes. */
  #takeResult(pointer) {
    const exports = this.#exports;
    const length = new DataView(exports.memory.buffer).getUint32(pointer, true);
    const text = decoder.decode(new Uint8Array(exports.memory.buffer, pointer + 4, length));
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
      // Patterns outside the engine's linear-time matcher: the host's RegExp, anchored to whole
      // values; a leading (?i) becomes the i flag. 0 when RegExp cannot read the pattern.
      regex_compile: (pointer, length) => {
        let pattern = this.#text(pointer, length);
        let flags = "u";
        if (pattern.startsWith("(?i)")) {
          pattern = pattern.slice(4);
          flags += "i";
        }
        try {
          this.#patterns.push(new RegExp(`^(?:${pattern})$`, flags));
          return this.#patterns.length;
        } catch {
          return 0;
        }
      },
      regex_match: (handle, pointer, length) => (this.#patterns[handle - 1]?.test(this.#text(pointer, length)) ? 1 : 0),
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
