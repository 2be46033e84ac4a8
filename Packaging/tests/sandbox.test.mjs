// The npm package's node helper as a web team's node test uses it (Scripts/test/package-test.sh installs
// the tarball into a fresh project and runs this with node --test, no Swift toolchain on PATH,
// PAYFORM naming the packaged binary).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { findPayform, PayformNotFoundError, startSandbox } from "payform-web-form/sandbox";

function signed(sandbox, method, path, body) {
  const date = new Date().toUTCString();
  const type = body === undefined ? "" : "application/json";
  const signature = createHmac("sha256", sandbox.serverApi.secretApiKey).update(`${method}\n${type}\n${date}\n${path}\n`).digest("base64");
  const headers = { Date: date, Authorization: `GCS v1HMAC:${sandbox.serverApi.apiKeyId}:${signature}` };
  if (body !== undefined) headers["Content-Type"] = type;
  return fetch(sandbox.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

test("startSandbox resolves the first line; the hosted checkout page comes from the built-in web form; stop ends it", async () => {
  const sandbox = await startSandbox();
  try {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(Object.keys(sandbox.session).sort(), ["assetUrl", "clientApiUrl", "clientSessionId", "customerId"]);
    const merchant = sandbox.serverApi.merchantId;
    const payment = await signed(sandbox, "POST", `/v2/${merchant}/payments`, {
      order: { amountOfMoney: { amount: 1000, currencyCode: "EUR" } },
      cardPaymentMethodSpecificInput: { paymentProductId: 1, card: { cardNumber: "4111111111111111", expiryDate: "1235", cvv: "123" } },
    });
    assert.equal(payment.status, 201);
    assert.equal((await payment.json()).payment.status, "PENDING_CAPTURE");
    const checkout = await signed(sandbox, "POST", `/v2/${merchant}/hostedcheckouts`, {
      order: { amountOfMoney: { amount: 1500, currencyCode: "EUR" } }, hostedCheckoutSpecificInput: { returnUrl: "https://shop.example/back" },
    });
    assert.equal(checkout.status, 201);
    const page = await fetch((await checkout.json()).redirectUrl);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /src="\/sandbox\/v1\/hostedcheckout\.mjs"/);
    const form = await fetch(sandbox.url + "/sandbox/v1/web/payform-form.mjs");
    assert.equal(form.status, 200);
    assert.match(form.headers.get("content-type"), /^text\/javascript/);
  } finally {
    const code = await sandbox.stop();
    assert.equal(code, 0, "payform sandbox exits 0 on SIGTERM");
  }
});

test("no payform is a clear error naming where it looked", async () => {
  assert.throws(() => findPayform({ env: { PATH: "/nowhere" } }), (error) =>
    error instanceof PayformNotFoundError && error.code === "payform_not_found"
      && error.message === "payform not found; looked at options.payform (not set); PAYFORM (not set); PATH (/nowhere). Set PAYFORM to the payform binary or put it on PATH.");
  await assert.rejects(startSandbox({ env: { PAYFORM: "/nowhere/payform", PATH: "/usr/bin" } }), /PAYFORM \(\/nowhere\/payform: not an executable file\)/);
});

test("a sandbox that refuses its options rejects with its own message", async () => {
  await assert.rejects(startSandbox({ args: ["--port", "70000"] }), /--port must be from 0 to 65535/);
});
