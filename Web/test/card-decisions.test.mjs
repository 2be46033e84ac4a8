// The card rule's table (Tests/Vectors/cards/card-decisions.json) through the page's WebAssembly
// engine: for the products a form takes, a number, a server IIN answer or none, and the
// customer's co-badge choice, what submit says — the product paid with, or the number's errors.
// The same table runs natively (Tests/CoreTests/Controller/CardDecisionTableTests.swift).
// Needs Web/dist/ (Scripts/build/build-web.sh).
//
//   node --test Web/test/card-decisions.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";

const engineURL = new URL(process.env.PAYFORM_ENGINE_WASM ?? "../dist/payform-form-engine.wasm", import.meta.url);
const engine = await PaymentFormEngine.load(engineURL);
const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const table = read("Tests/Vectors/cards/card-decisions.json");
const group = read("Resources/Groups/cards.json");

/** The definition of a product name of the table ("unknown": Visa's as id 999; "dankort": as id 123). */
function product(name) {
  if (name === "unknown") return { ...read("Resources/Products/visa.json"), id: 999 };
  if (name === "dankort") return { ...read("Resources/Products/visa.json"), id: 123 };
  return read(`Resources/Products/${name}.json`);
}

test("the table has its cases", () => {
  assert.ok(table.cases.length >= 30);
});

for (const testCase of table.cases) {
  test(testCase.about, () => {
    const products = testCase.products.map(product);
    const opened = engine.call({
      op: "form.open", locale: "en", now: "2026-06",
      product: testCase.group ? group : products[0], products: testCase.group ? products : products.slice(1),
    });
    assert.equal(typeof opened.form, "number", JSON.stringify(opened));
    const send = (event) => {
      const answer = engine.call({ op: "form.event", form: opened.form, event });
      assert.equal(answer.error, undefined, JSON.stringify(answer.error));
      return answer;
    };
    try {
      send({ event: "set", field: "cardNumber", value: testCase.number });
      if (testCase.iin) send({ event: "iin", result: testCase.iin });
      if (testCase.choice) send({ event: "selectBrand", brand: testCase.choice });
      const view = engine.call({ op: "form.view", form: opened.form });
      const isAmex = /^3[47]/.test(testCase.number) && view.product.id === "2";
      for (const field of view.fields) {
        const value = { expiryDate: "12/30", cvv: isAmex ? "1234" : "123", cardholderName: "Jane Doe" }[field.id];
        if (value) send({ event: "set", field: field.id, value });
      }
      const submitted = send({ event: "submit" });
      const numberErrors = submitted.errors.filter((error) => error.fieldId === "cardNumber").map((error) => error.errorId);
      if (testCase.expect.product) {
        assert.deepEqual(submitted.errors.map((error) => error.errorId), []);
        assert.equal(submitted.paymentProductId, testCase.expect.product);
      } else {
        assert.deepEqual(numberErrors, testCase.expect.errors);
        assert.equal(submitted.valid, false);
      }
    } finally {
      engine.call({ op: "form.close", form: opened.form });
    }
  });
}
