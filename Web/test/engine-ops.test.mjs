// The web engine's form requests (form.open, form.event, form.view, form.brands, form.close,
// card.lookupPrefix) in node: their answers, their errors, and malformed requests answered with
// an error, never a trap. Needs Web/dist/ (Scripts/build/build-web.sh).
//
//   node --test Web/test/engine-ops.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { createPrivateKey, privateDecrypt, createDecipheriv, createHmac, constants } from "node:crypto";
import { readFileSync } from "node:fs";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";
import { encryptPayload, LANGUAGE_ALIASES } from "../dist/payform-form.mjs";

const engineURL = new URL(process.env.PAYFORM_ENGINE_WASM ?? "../dist/payform-form-engine.wasm", import.meta.url);
const engine = await PaymentFormEngine.load(engineURL);
/** A shipped definition (the page's module carries no samples: a page sends what the Client API gave it). */
const definition = (name) => JSON.parse(readFileSync(new URL(`../../Resources/Products/${name}.json`, import.meta.url), "utf8"));
const demoKey = JSON.parse(readFileSync(new URL("../../Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json", import.meta.url), "utf8"));
const demoPrivateKey = createPrivateKey(readFileSync(new URL("../../Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem", import.meta.url)));
const texts = (language) => JSON.parse(readFileSync(new URL(`../dist/payform-texts.${language}.json`, import.meta.url), "utf8"));
const visa = definition("visa");
const open = (extra = {}) => engine.call({ op: "form.open", product: visa, locale: "en", now: "2026-11", ...extra });
const send = (form, event) => engine.call({ op: "form.event", form, event });

/** The JWE compact token decrypted with the demo private key (RSA-OAEP, A256CBC-HS512), its tag checked. */
function decrypt(token) {
  const [header, wrapped, iv, ciphertext, tag] = token.split(".").map((part, index) => (index === 0 ? part : Buffer.from(part, "base64url")));
  const key = privateDecrypt({ key: demoPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" }, wrapped);
  const aad = Buffer.from(header, "ascii");
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const mac = createHmac("sha512", key.subarray(0, 32)).update(Buffer.concat([aad, iv, ciphertext, length])).digest().subarray(0, 32);
  assert.deepEqual(mac, tag, "the authentication tag");
  const decipher = createDecipheriv("aes-256-cbc", key.subarray(32), iv);
  return { header: JSON.parse(Buffer.from(header, "base64url")), payload: JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")) };
}

test("form.open answers a form number and its view in display order, in the form's language", () => {
  // The page's module carries English; another language's texts come with the request.
  const opened = open({ locale: "fr", texts: { fr: texts("fr") } });
  assert.equal(typeof opened.form, "number");
  assert.equal(opened.view.lang, "fr");
  assert.deepEqual(opened.view.fields.map((f) => f.id), ["cardNumber", "expiryDate", "cvv", "cardholderName"]);
  // The definition's own labels win over the generic ones (the Client API sends them localized).
  assert.equal(opened.view.fields[0].label, visa.fields.find((f) => f.id === "cardNumber").displayHints.label);
  assert.equal(opened.view.texts.pay, "Payer");
  const { brands } = engine.call({ op: "form.brands", form: opened.form });
  assert.ok(brands.some((b) => b.id === "visa" && b.productIds.includes(1)));
  assert.equal(opened.view.brands, undefined);
});

test("form.open refuses what it cannot use, naming the member", () => {
  const cases = [
    [{ product: undefined }, "usage", /^"product" must be a Client API product/],
    [{ product: 42 }, "usage", /^"product" must be/],
    [{ product: { id: 1 } }, "missing_key", /^product: /],
    [{ products: [visa, { ...visa, fields: 3 }] }, "type_mismatch", /^products\[1\]: fields: /],
    [{ now: undefined }, "usage", /^"now" \(the current month, YYYY-MM\) is required/],
    [{ now: "2026-13" }, "usage", /^"now" must be YYYY-MM/],
    [{ locale: 7 }, "usage", /^"locale" must be a string/],
    [{ texts: { fr: { key: 3 } } }, "usage", /^"texts" must map language tags/],
    [{ texts: ["fr"] }, "usage", /^"texts" must map/],
    [{ products: "visa" }, "usage", /^"products" must be an array/],
    [{ accountOnFile: "9999" }, null, /^accountOnFile: /],
    [{ publicKey: 5, clientSessionId: "s" }, "usage", /^"publicKey" must be the Client API's public-key answer/],
    [{ publicKey: demoKey }, "usage", /^give "publicKey" and "clientSessionId" together/],
    [{ clientSessionId: "s" }, "usage", /together/],
    [{ publicKey: { keyId: "k" }, clientSessionId: "s" }, "missing_key", /^publicKey: publicKey: required key is missing/],
    [{ publicKey: { keyId: "k", publicKey: "AAAA" }, clientSessionId: "s" }, "invalid_public_key", /^publicKey: /],
  ];
  for (const [members, code, message] of cases) {
    const answer = open(members);
    assert.ok(answer.error, `no error for ${JSON.stringify(members)}`);
    if (code) assert.equal(answer.error.code, code, JSON.stringify(members));
    assert.match(answer.error.message, message, JSON.stringify(members));
    // The page's members, never the command line's flags.
    assert.doesNotMatch(answer.error.message, /--[a-z]/, JSON.stringify(members));
  }
  // The page's module has no shipped samples; the full module still has them (tools, node).
  if (engineURL.href.endsWith("payform-form-engine.wasm")) assert.equal(open({ product: "sample:visa" }).error?.code, "usage");
});

test("the page fetches the texts file the engine reads for each alias tag (one rule, held equal)", () => {
  const payButton = "gc.app.paymentProductDetails.payButton";
  for (const [alias, language] of Object.entries(LANGUAGE_ALIASES)) {
    const own = texts(language);
    const opened = open({ locale: alias, texts: { [language]: own } });
    assert.ok(!opened.error, `${alias}: ${opened.error?.message}`);
    assert.equal(opened.view.texts.pay, own[payButton], `${alias} reads ${language}'s texts`);
  }
  // Right to left comes from the engine's tables.
  assert.equal(open({ locale: "he", texts: { he: texts("he") } }).view.dir, "rtl");
  assert.equal(open({ locale: "fr", texts: { fr: texts("fr") } }).view.dir, "ltr");
});

test("a language the module does not carry: its texts come with form.open, else the form is English", () => {
  const french = open({ locale: "fr-CA", texts: { fr: texts("fr") } });
  assert.equal(french.view.lang, "fr-CA");
  assert.equal(french.view.texts.pay, "Payer");
  const { form } = french;
  send(form, { event: "edit", field: "cvv", selection: [0, 0], insert: "1" });
  assert.equal(send(form, { event: "submit" }).errors.find((e) => e.fieldId === "cvv").message, "Saisissez le cryptogramme visuel à 3 ou 4 chiffres.");
  // A merchant's wording goes the same way, over the module's own texts.
  assert.equal(open({ texts: { en: { "gc.app.paymentProductDetails.payButton": "Pay now" } } }).view.texts.pay, "Pay now");
  // Without its texts, a language the page's module does not carry is English (the full module carries them all).
  const pageModule = engineURL.href.endsWith("payform-form-engine.wasm");
  assert.equal(open({ locale: "de" }).view.texts.pay, pageModule ? "Pay" : "Bezahlen");
});

test("form.event answers as payform form does, with the form's validity", () => {
  const { form } = open();
  const typed = send(form, { event: "edit", field: "cardNumber", selection: [0, 0], insert: "4111111111111111" });
  assert.equal(typed.text, "4111 1111 1111 1111");
  assert.equal(typed.cursor, 19);
  assert.deepEqual(typed.brands, ["visa"]);
  assert.equal(typed.valid, false);
  send(form, { event: "set", field: "expiryDate", value: "12/2030" });
  const last = send(form, { event: "set", field: "cvv", value: "123" });
  assert.equal(last.valid, true);
  const submitted = send(form, { event: "submit" });
  assert.equal(submitted.valid, true);
  assert.equal(submitted.prepared, null);
});

test("a refused event leaves the form as it was, and says why without the value", () => {
  const { form } = open();
  send(form, { event: "edit", field: "cardNumber", selection: [0, 0], insert: "4111" });
  for (const event of [
    { event: "edit", field: "cardNumber", selection: [9, 9], insert: "5" },
    { event: "edit", field: "cardNumber", selection: [3, 1], insert: "5" },
    { event: "edit", field: "nope", selection: [0, 0], insert: "5" },
    { event: "edit", field: "cardNumber", selection: [0, 0] },
    { event: "fly" },
    "4111",
  ]) {
    const answer = send(form, event);
    assert.equal(answer.error?.code, "bad_event", JSON.stringify(event));
    assert.doesNotMatch(answer.error.message, /4111/);
  }
  assert.equal(send(form, { event: "select", field: "cardNumber", selection: [4, 4] }).text, "4111");
});

test("submit with a key: the engine writes the token's header and payload, WebCrypto encrypts, the platform's key decrypts", async () => {
  const { form } = open({ publicKey: demoKey, clientSessionId: "session-1", appIdentifier: "engine-ops" });
  send(form, { event: "set", field: "cardNumber", value: "4111111111111111" });
  send(form, { event: "set", field: "expiryDate", value: "1230" });
  const invalid = send(form, { event: "submit" });
  assert.equal(invalid.valid, false);
  assert.equal(invalid.encrypt, undefined, "nothing to encrypt for an invalid form");
  send(form, { event: "set", field: "cvv", value: "123" });
  const submitted = send(form, { event: "submit" });
  assert.equal(submitted.valid, true);
  assert.equal(submitted.prepared, null);
  const { encrypt } = submitted;
  assert.equal(encrypt.alg, "RSA-OAEP");
  assert.deepEqual(JSON.parse(Buffer.from(encrypt.header, "base64url")), { alg: "RSA-OAEP", enc: "A256CBC-HS512", kid: demoKey.keyId });
  assert.equal(JSON.parse(Buffer.from(encrypt.encodedClientMetaInfo, "base64")).appIdentifier, "engine-ops");
  const token = await encryptPayload(encrypt);
  assert.equal(token.split(".").length, 5);
  const { header, payload } = decrypt(token);
  assert.equal(header.kid, demoKey.keyId);
  assert.equal(payload.clientSessionId, "session-1");
  assert.equal(payload.paymentProductId, 1);
  assert.match(payload.nonce, /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  assert.deepEqual(payload.paymentValues, [
    { key: "cardNumber", value: "4111111111111111" }, { key: "expiryDate", value: "1230" }, { key: "cvv", value: "123" },
  ]);
  // Each submit a fresh nonce, content key and IV.
  const again = await encryptPayload(send(form, { event: "submit" }).encrypt);
  assert.notEqual(again.split(".")[1], token.split(".")[1]);
  assert.notEqual(decrypt(again).payload.nonce, payload.nonce);
});

test("a card form on the cards group: the number names the product, and the encrypted request carries it", async () => {
  const group = JSON.parse(readFileSync(new URL("../../Resources/Groups/cards.json", import.meta.url), "utf8"));
  const opened = open({ product: group, products: [visa, definition("amex")], publicKey: demoKey, clientSessionId: "s" });
  assert.ok(!opened.error, opened.error?.message);
  assert.equal(opened.view.product.id, "cards");
  const { form } = opened;
  let answer;
  for (const digit of "378282246310005") {
    const caret = send(form, { event: "select", field: "cardNumber", selection: [0, 0] }).text.length;
    answer = send(form, { event: "edit", field: "cardNumber", selection: [caret, caret], insert: digit });
  }
  assert.equal(answer.text, "3782 822463 10005");
  assert.equal(engine.call({ op: "form.view", form }).product.id, "2");
  send(form, { event: "set", field: "expiryDate", value: "1230" });
  send(form, { event: "set", field: "cvv", value: "1234" });
  const submitted = send(form, { event: "submit" });
  assert.equal(submitted.valid, true, JSON.stringify(submitted.errors));
  assert.equal(submitted.paymentProductId, "2");
  assert.equal(decrypt(await encryptPayload(submitted.encrypt)).payload.paymentProductId, 2);
});

test("encryptPayload says why when it cannot encrypt", async () => {
  const { form } = open({ publicKey: demoKey, clientSessionId: "s" });
  for (const [field, value] of [["cardNumber", "4111111111111111"], ["expiryDate", "1230"], ["cvv", "123"]]) send(form, { event: "set", field, value });
  const { encrypt } = send(form, { event: "submit" });
  await assert.rejects(encryptPayload({ ...encrypt, alg: "dir" }), (error) => error.code === "encryption_failed" && /dir/.test(error.message));
  const original = globalThis.crypto;
  Object.defineProperty(globalThis, "crypto", { value: { getRandomValues: original.getRandomValues.bind(original) }, configurable: true });
  try {
    await assert.rejects(encryptPayload(encrypt), (error) => error.code === "encryption_unavailable" && /HTTPS/.test(error.message));
  } finally {
    Object.defineProperty(globalThis, "crypto", { value: original, configurable: true });
  }
});

/** A product with one required field `code` whose validator is `pattern`. */
const patternProduct = (pattern, id = 9001) => ({
  id, paymentMethod: "redirect", allowsRecurring: false, allowsTokenization: false, usesRedirectionTo3rdParty: false,
  displayHints: { displayOrder: 0, label: "Test", logo: "logo.png" },
  fields: [{
    id: "code", type: "string",
    dataRestrictions: { isRequired: true, validators: { regularExpression: { regularExpression: pattern } } },
    displayHints: { displayOrder: 0, label: "Code", formElement: { type: "text" } },
  }],
});

test("patterns outside the linear matcher run on the engine's own matcher, with ICU's answers", () => {
  const answers = (pattern, values) => {
    const opened = open({ product: patternProduct(pattern) });
    assert.ok(!opened.error, `${pattern}: ${opened.error?.message}`);
    return values.map((value) => {
      const answer = send(opened.form, { event: "set", field: "code", value });
      return [answer.valid, answer.state];
    });
  };
  // A back-reference, a possessive quantifier, an atomic group, look-around: read as ICU reads them.
  assert.deepEqual(answers("(a|b)\\1", ["aa", "bb", "ab"]), [[true, "valid"], [true, "valid"], [false, "invalid"]]);
  assert.deepEqual(answers("a++b?", ["aaa", "aab", "zzz"]), [[true, "valid"], [true, "valid"], [false, "invalid"]]);
  assert.deepEqual(answers("(?>a|ab)c", ["ac", "abc"]), [[true, "valid"], [false, "invalid"]]);
  assert.deepEqual(answers("\\d(?<=1)\\w{2}", ["1ab", "2ab", "1a"]), [[true, "valid"], [false, "invalid"], [false, "incomplete"]]);
  // Flags anywhere, and ICU's "hit end": a value a longer one could complete is incomplete.
  assert.deepEqual(answers("(?s).*test.*", ["line1\nother\nline3", "a\ntest\nb", "test"]), [[false, "incomplete"], [true, "valid"], [true, "valid"]]);
  // ICU's `^` under (?m) does not match after a final line break: "a\n" cannot be completed.
  assert.deepEqual(answers("(?m)^a$\\s^b$", ["a\nb", "ab", "a\n"]), [[true, "valid"], [false, "invalid"], [false, "invalid"]]);
  assert.deepEqual(answers("(?i)(\\w|a)+", ["aA", "a-"]), [[true, "valid"], [false, "invalid"]]);
  // What the matcher cannot reproduce exactly (ICU's set operations, full case folding) cannot
  // be checked: the rule fails every value, with its own error, never passes one.
  for (const pattern of ["[a-z&&[^aeiou]]", "(?i)stra\u00DFe"]) {
    const opened = open({ product: patternProduct(pattern) });
    assert.equal(send(opened.form, { event: "set", field: "code", value: "b" }).valid, false, pattern);
    const [error] = send(opened.form, { event: "submit" }).errors;
    assert.equal(error.errorId, "uncheckable", pattern);
    assert.match(error.message, /cannot be checked/);
  }
});

test("the page's module takes no regular-expression engine from the host", async () => {
  for (const file of ["payform-form-engine.wasm", "payform-engine.wasm"]) {
    const module = await WebAssembly.compile(readFileSync(new URL(`../dist/${file}`, import.meta.url)));
    const imported = WebAssembly.Module.imports(module).map((entry) => entry.name);
    assert.deepEqual(imported.filter((name) => /regex/i.test(name)), [], file);
  }
});

/**
 * Hostile patterns (the security review's two, and shapes that backtrack exponentially or
 * polynomially), each typed key by key up to 100 characters through the page engine's form
 * requests: every event's pattern work stays within one request's budget (6,000,000 steps,
 * `form.work`), the field is never valid, and the submit refuses the value. The wall time is a
 * generous sanity bound only; `Web/bench/engine-bench.mjs` measures.
 */
const hostileFamily = [
  ["(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", "a"],
  ["(?=.).*.*.*.*.*x", "a"],
  ["\\w*\\w*\\w*\\w*x", "a"],
  ["(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", "a"],
  ["(?=.).*.*.*.*.*.*.*x", "a"],
  ["(\\w+)+!", "a"],
  ["(?:a|aa)+(?<!a)", "a"],
  ["(?=a)(a|aa)+b", "a"],
];
const stepsPerEvent = 6_000_000;

for (const [pattern, key] of hostileFamily) {
  test(`typing 100 characters against ${pattern} stays within the budget at every keystroke`, () => {
    const opened = open({ product: patternProduct(pattern) });
    assert.ok(!opened.error, opened.error?.message);
    send(opened.form, { event: "focus", field: "code" });
    let slowest = 0;
    let most = 0;
    for (let index = 0; index < 100; index++) {
      const started = performance.now();
      const answer = send(opened.form, { event: "edit", field: "code", selection: [index, index], insert: key });
      slowest = Math.max(slowest, performance.now() - started);
      assert.equal(answer.text.length, index + 1);
      assert.notEqual(answer.state, "valid", `${index + 1} characters`);
      const work = engine.call({ op: "form.work", form: opened.form });
      assert.ok(work.patternSteps <= stepsPerEvent, `${index + 1} characters: ${work.patternSteps} steps`);
      most = Math.max(most, work.patternSteps);
    }
    assert.ok(most > 0, "the pattern ran on the backtracking matcher");
    // The step count above is what bounds the work; the time only catches a hang (the browser's
    // RegExp took seconds a keystroke), with room for a loaded machine (about 40 ms here).
    assert.ok(slowest < 1000, `the slowest keystroke took ${slowest.toFixed(1)} ms`);
    const submitted = send(opened.form, { event: "submit" });
    assert.equal(submitted.valid, false);
    assert.deepEqual(submitted.errors.map((error) => error.errorId), ["regularExpression"]);
    assert.ok(engine.call({ op: "form.work", form: opened.form }).patternSteps <= stepsPerEvent);
    engine.call({ op: "form.close", form: opened.form });
  });
}

test("form.work answers for a form, and refuses an unknown one", () => {
  const { form } = open();
  send(form, { event: "set", field: "cvv", value: "123" });
  assert.deepEqual(engine.call({ op: "form.work", form }), { patternSteps: 0, patternCutOffs: 0 });
  assert.equal(engine.call({ op: "form.work", form: 99999 }).error.code, "usage");
});

test("a request nested past the limit, a deep definition and a large request leave the engine whole, in both modules", async () => {
  for (const file of ["payform-form-engine.wasm", "payform-engine.wasm"]) {
    const own = await PaymentFormEngine.load(new URL(`../dist/${file}`, import.meta.url));
    for (const depth of [256, 257, 300, 100000]) {
      const answer = JSON.parse(own.callText("[".repeat(depth) + "]".repeat(depth)));
      assert.ok(answer.error, `${file}, depth ${depth}`);
      if (depth > 256) assert.match(answer.error.message, /nesting deeper than 256 levels/);
    }
    let nested = {};
    for (let level = 0; level < 300; level++) nested = { a: nested };
    const deepProduct = own.call({ op: "form.open", product: { id: 1, paymentMethod: "card", displayHints: { logo: "x" }, fields: [], extra: nested }, now: "2026-11" });
    assert.match(deepProduct.error?.message ?? "", /nesting deeper than 256 levels/, file);
    // What comes after is answered right: a normal form, a large request, a form's keystrokes.
    assert.equal(own.call({ op: "version" }).version.length > 0, true, file);
    const large = JSON.parse(own.callText(JSON.stringify({ op: "version", padding: "x".repeat(400_000) })));
    assert.ok(large.version, file);
    const { form } = own.call({ op: "form.open", product: visa, locale: "en", now: "2026-11" });
    const typed = own.call({ op: "form.event", form, event: { event: "edit", field: "cardNumber", selection: [0, 0], insert: "4111111111111111" } });
    assert.equal(typed.text, "4111 1111 1111 1111", file);
    assert.equal(own.generation, 0, `${file}: no restart was needed`);
  }
});

test("a call that fails inside the module drops the instance: a clear error, then a fresh engine", async () => {
  const own = await PaymentFormEngine.load(engineURL);
  const { form } = own.call({ op: "form.open", product: visa, locale: "en", now: "2026-11", publicKey: demoKey, clientSessionId: "s" });
  for (const [field, value] of [["cardNumber", "4111111111111111"], ["expiryDate", "1230"], ["cvv", "123"]]) {
    own.call({ op: "form.event", form, event: { event: "set", field, value } });
  }
  // The host's random generator fails in the middle of an encryption: the module's state is unknown.
  const original = globalThis.crypto.getRandomValues;
  globalThis.crypto.getRandomValues = () => { throw new Error("no entropy"); };
  let failure;
  try {
    own.call({ op: "form.event", form, event: { event: "submit" } });
  } catch (error) {
    failure = error;
  } finally {
    globalThis.crypto.getRandomValues = original;
  }
  assert.equal(failure?.name, "PaymentFormError");
  assert.equal(failure.code, "engine_failed");
  assert.match(failure.message, /no entropy/);
  // The next call runs on a fresh instance: it answers, and the old form is gone from it.
  assert.equal(own.call({ op: "version" }).version.length > 0, true);
  assert.equal(own.generation, 1);
  assert.equal(own.call({ op: "form.view", form }).error.code, "usage");
});

test("form.view follows an account on file; form.close forgets the form", () => {
  const { form, view } = open({ product: definition("mastercard-accounts-on-file") });
  assert.deepEqual(view.accountsOnFile.map((a) => a.id), ["1001", "1002"]);
  assert.equal(view.accountOnFile, null);
  const selected = send(form, { event: "selectAccountOnFile", id: "1001" });
  assert.equal(selected.accountOnFile, "1001");
  const after = engine.call({ op: "form.view", form });
  assert.equal(after.accountOnFile.id, "1001");
  assert.equal(after.fields.find((f) => f.id === "cardNumber").readOnly, true);
  assert.deepEqual(engine.call({ op: "form.close", form }), {});
  assert.equal(send(form, { event: "submit" }).error.code, "usage");
  assert.equal(engine.call({ op: "form.view", form }).error.code, "usage");
  assert.equal(engine.call({ op: "form.close", form }).error.code, "usage");
  assert.equal(engine.call({ op: "form.brands", form }).error.code, "usage");
});

test("card.lookupPrefix is the engine's rule: 8 digits, else 6, else none", () => {
  const table = [["", null], ["41111", null], ["411111", "411111"], ["4111 111", "411111"], ["4000 0025", "40000025"],
    ["4000-0025-0000-1001", "40000025"], ["4000 002x", null], [" 4000 0025", "40000025"]];
  for (const [number, prefix] of table) {
    assert.equal(engine.call({ op: "card.lookupPrefix", number }).prefix, prefix, JSON.stringify(number));
  }
  assert.equal(engine.call({ op: "card.lookupPrefix", number: 4111 }).error.code, "usage");
});

test("2,000 malformed requests are each answered with an error or an answer, never a trap", () => {
  let seed = 34;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const values = [null, true, 0, -1, 1e300, "", "x", "sample:visa", [], [0], [1, 0], [0, 99999999999], {}, { event: "submit" }, "\u0000", "é".repeat(500), visa, demoKey, { fr: {} }];
  const { form } = open();
  const ops = ["form.open", "form.event", "form.view", "form.close", "form.brands", "card.lookupPrefix", "version", "nope", 7];
  for (let i = 0; i < 2000; i++) {
    const request = { op: pick(ops) };
    for (const member of ["form", "event", "product", "now", "locale", "number", "publicKey", "products", "texts", "clientSessionId", "accountOnFile"]) {
      if (random() < 0.4) request[member] = pick(values);
    }
    if (random() < 0.3) request.form = form;
    if (random() < 0.3) request.event = { event: pick(["edit", "set", "replace", "select", "focus", "iin", "selectBrand"]), field: pick(["cardNumber", "cvv", 3]), selection: pick(values), insert: pick(values), value: pick(values), range: pick(values), string: pick(values), result: pick(values), brand: pick(values) };
    const answer = engine.call(request);
    assert.equal(typeof answer, "object", JSON.stringify(request));
  }
  assert.equal(engine.call({ op: "version" }).version.length > 0, true);
  assert.equal(engine.callText("{not json").includes("malformed_json"), true);
});
