// The web form's modules that decide without a DOM (Web/src/form/): what a `beforeinput` is in
// the engine's form protocol, when a field's `change` is said, and what the bundle exports.
// Needs Web/dist/ for the last (Scripts/build/build-web.sh).
//
//   node --test Web/test/form-modules.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { editFor } from "../src/form/editing.mjs";
import { changeToSay } from "../src/form/events.mjs";
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
