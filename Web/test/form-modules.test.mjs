// The web form's modules that decide without a DOM (Web/src/form/): what a `beforeinput` is in
// the engine's form protocol, when a field's `change` is said, what the bundle exports, and that
// the engine's warm-up changes nothing a form answers or sends.
// Needs Web/dist/ for the last two (Scripts/build/build-web.sh).
//
//   node --test Web/test/form-modules.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";
import { editFor } from "../src/form/editing.mjs";
import { changeToSay } from "../src/form/events.mjs";
import { startWarmUpWorker, warmUp } from "../src/form/warm-up.mjs";
import { yieldToPage } from "../src/form/yield.mjs";
import * as source from "../src/payform-form.mjs";
import * as bundle from "../dist/payform-form.mjs";

test("each beforeinput is one engine edit, or none", () => {
  const cases = [
    // [inputType, data, value, selection, expected edit (without event and field)]
    ["insertText", "4", "41", [2, 2], { selection: [2, 2], insert: "4" }],
    ["insertFromPaste", "4111 1111", "", [0, 0], { selection: [0, 0], insert: "4111 1111" }],
    ["insertReplacementText", null, "12", [0, 2], { selection: [0, 2], insert: "" }],
    ["deleteContentBackward", null, "4111", [4, 4], { selection: [4, 4], delete: "backward" }],
    ["deleteByCut", null, "4111", [1, 3], { selection: [1, 3], delete: "backward" }],
    ["deleteContentForward", null, "4111", [0, 0], { selection: [0, 0], delete: "forward" }],
    // A word: back over spaces, slashes and dashes, then the word's characters.
    ["deleteWordBackward", null, "4111 1111 ", [10, 10], { selection: [5, 10], delete: "backward" }],
    ["deleteWordBackward", null, "12/34", [5, 5], { selection: [3, 5], delete: "backward" }],
    ["deleteWordForward", null, "4111 1111", [4, 4], { selection: [4, 9], delete: "forward" }],
    ["deleteSoftLineBackward", null, "4111 1111", [6, 6], { selection: [0, 6], delete: "backward" }],
    ["deleteHardLineForward", null, "4111 1111", [2, 2], { selection: [2, 9], delete: "forward" }],
    // A selection is what goes, whatever the unit.
    ["deleteWordBackward", null, "4111 1111", [2, 7], { selection: [2, 7], delete: "backward" }],
    // Nothing to delete at an end of the text, and nothing to do for a line break or history.
    ["deleteContentBackward", null, "4111", [0, 0], null],
    ["deleteContentForward", null, "4111", [4, 4], null],
    ["insertLineBreak", null, "4111", [4, 4], null],
    ["historyUndo", null, "4111", [4, 4], null],
  ];
  for (const [inputType, data, value, selection, expected] of cases) {
    const edit = editFor("cardNumber", inputType, data, value, selection);
    assert.deepEqual(edit, expected && { event: "edit", field: "cardNumber", ...expected }, `${inputType} on ${JSON.stringify(value)} at ${selection}`);
  }
});

test("a field's change is said once per change of state, completeness, emptiness or error", () => {
  const entry = { text: "" };
  const state = (extra) => ({ field: "cvv", state: "incomplete", complete: false, text: "1", ...extra });
  assert.deepEqual(changeToSay(entry, state()), { field: "cvv", state: "incomplete", complete: false, empty: false, errorId: null });
  assert.equal(changeToSay(entry, state({ text: "12" })), null, "another digit, nothing else changed");
  assert.equal(changeToSay(entry, state({ text: "12" })), null, "the same again");
  assert.equal(changeToSay(entry, state({ state: "valid", complete: true })).complete, true);
  assert.equal(changeToSay(entry, state({ state: "valid", complete: true, errorId: "length" })).errorId, "length");
  assert.equal(changeToSay(entry, state({ state: "valid", complete: true, errorId: "length", text: "" })).empty, true);
  // A view's field names itself `id`; without text, the text the entry holds says whether it is empty.
  const drawn = { text: "" };
  assert.deepEqual(changeToSay(drawn, { id: "cardNumber", state: "empty" }), { field: "cardNumber", state: "empty", complete: false, empty: true, errorId: null });
});

test("the bundle exports what the source entry exports (Web/src/payform-form.d.mts names them)", () => {
  const names = Object.keys(source).sort();
  assert.deepEqual(names, ["LANGUAGE_ALIASES", "PaymentForm", "PaymentFormError", "encryptPayload", "loadPaymentFormEngine", "mountPaymentForm"]);
  assert.deepEqual(Object.keys(bundle).sort(), names);
  assert.deepEqual(bundle.LANGUAGE_ALIASES, source.LANGUAGE_ALIASES);
});

test("a warmed-up engine answers a form as a cold one does, and sends the same", async () => {
  const wasm = readFileSync(new URL("../dist/payform-form-engine.wasm", import.meta.url));
  const visa = JSON.parse(readFileSync(new URL("../../Resources/Products/visa.json", import.meta.url), "utf8"));
  const key = JSON.parse(readFileSync(new URL("../../Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json", import.meta.url), "utf8"));
  // Node has no Worker: the warm-up runs its steps on the instance alone.
  assert.equal(startWarmUpWorker(), null);
  const cold = await PaymentFormEngine.load(wasm);
  const warm = await PaymentFormEngine.load(wasm);
  await warmUp(warm, null);
  assert.equal(warm.generation, 0, "the warm-up did not fail the engine");
  // The same customer's form on both, event by event; only the form's number may differ (the
  // warm-up's own forms took some), and the request's nonce is fresh each time.
  const session = (engine) => {
    const { form, ...view } = engine.call({ op: "form.open", product: visa, locale: "en", now: "2026-11", publicKey: key, clientSessionId: "s", appIdentifier: "t" });
    const events = [
      { event: "focus", field: "cardNumber" },
      ...[..."4111111111111111"].map((digit, index) => ({ event: "edit", field: "cardNumber", selection: [index, index], insert: digit })),
      { event: "blur", field: "cardNumber" }, { event: "set", field: "expiryDate", value: "1230" }, { event: "submit" },
      { event: "set", field: "cvv", value: "123" }, { event: "submit" },
    ];
    const answers = [view, engine.call({ op: "form.brands", form }), ...events.map((event) => engine.call({ op: "form.event", form, event }))];
    const submitted = answers.at(-1);
    assert.equal(submitted.valid, true, "the second submit is valid");
    const payload = JSON.parse(submitted.encrypt.payload);
    delete payload.nonce;
    submitted.encrypt = { ...submitted.encrypt, payload };
    return answers;
  };
  assert.deepEqual(session(warm), session(cold));
});

test("yieldToPage resolves in a later task, after the microtasks queued before it", async () => {
  const order = [];
  const yielded = yieldToPage().then(() => order.push("yielded"));
  Promise.resolve().then(() => order.push("microtask"));
  setTimeout(() => order.push("timer"), 0);
  await yielded;
  assert.deepEqual(order.slice(0, 2), ["microtask", "yielded"]);
});
