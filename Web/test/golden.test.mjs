// The web engine's request contract pinned as text: each file of Tests/Golden/web holds requests
// (form.open, form.event, form.view, form.brands, form.close, card.lookupPrefix, version) and the
// answers the engine gives them, in order, from a freshly loaded engine; both WebAssembly modules
// (the page's payform-form-engine.wasm and the full payform-engine.wasm) must give them. A change
// of contract shows as a diff of those files in review. Needs Web/dist/ (Scripts/build/build-web.sh).
//
//   node --test Web/test/golden.test.mjs
//   PAYFORM_UPDATE_GOLDEN=1 node --test Web/test/golden.test.mjs   (rewrites the answers, from the page's engine)
//
// In a request, {"$resource": "Products/visa.json"} stands for that file of Resources/,
// {"$dist": "payform-texts.fr.json"} for that file of Web/dist/, and "$form" for the form number
// the last form.open answered. To add a case, write a file with "about" and "requests" and
// regenerate. No answer may hold a card number.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";

const folder = new URL("../../Tests/Golden/web/", import.meta.url);
const engines = ["payform-form-engine.wasm", "payform-engine.wasm"];
const updating = process.env.PAYFORM_UPDATE_GOLDEN === "1";
const names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
const json = (url) => JSON.parse(readFileSync(url, "utf8"));

/** The request as sent: placeholders replaced. */
function resolve(value, form) {
  if (value === "$form") return form;
  if (Array.isArray(value)) return value.map((element) => resolve(element, form));
  if (value && typeof value === "object") {
    if (typeof value.$resource === "string") return json(new URL(`../../Resources/${value.$resource}`, import.meta.url));
    if (typeof value.$dist === "string") return json(new URL(`../dist/${value.$dist}`, import.meta.url));
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, resolve(member, form)]));
  }
  return value;
}

/** The answers of a freshly loaded engine to the file's requests, in order. */
async function answers(engineFile, requests) {
  const engine = await PaymentFormEngine.load(new URL(`../dist/${engineFile}`, import.meta.url));
  let form;
  return requests.map((request) => {
    const answer = engine.call(resolve(request, form));
    if (request.op === "form.open" && typeof answer.form === "number") form = answer.form;
    return answer;
  });
}

const text = (golden, answered) => JSON.stringify({ about: golden.about, requests: golden.requests, answers: answered }, null, 2) + "\n";

test("every request op has a golden answer", () => {
  const ops = new Set(names.flatMap((name) => json(new URL(name, folder)).requests.map((request) => request.op)));
  for (const op of ["form.open", "form.event", "form.view", "form.brands", "form.close", "form.work", "card.lookupPrefix", "version"]) {
    assert.ok(ops.has(op), `no golden request for ${op}`);
  }
});

for (const name of names) {
  test(`${name}: the engines answer as the golden file says`, async () => {
    const url = new URL(name, folder);
    const written = readFileSync(url, "utf8");
    const golden = JSON.parse(written);
    assert.ok(Array.isArray(golden.requests) && golden.requests.length > 0, `${name} has no requests`);
    for (const engineFile of engines) {
      const answered = await answers(engineFile, golden.requests);
      const expected = text(golden, answered);
      assert.doesNotMatch(JSON.stringify(answered).replaceAll(" ", ""), /\d{12}/, `${name}: an answer holds what looks like a card number`);
      if (updating && engineFile === engines[0]) {
        writeFileSync(url, expected);
        continue;
      }
      const current = updating ? readFileSync(url, "utf8") : written;
      assert.equal(current, expected, `${engineFile} answers ${name} otherwise than the golden file; if the change is meant, ` +
        "regenerate with PAYFORM_UPDATE_GOLDEN=1 node --test Web/test/golden.test.mjs and review the diff");
    }
  });
}
