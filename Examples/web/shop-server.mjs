#!/usr/bin/env node
// The example shop's server: what a merchant's backend does around the web payment form, in node
// without any package. It serves the checkout page (this folder at /, the built form module
// Web/dist at /web/) and three calls, made to the platform's Server API (here `payform sandbox`),
// signed with v1HMAC:
//
//   POST /api/session  → creates a client session (POST /v2/{merchantId}/sessions) and answers the
//                        browser its four values, plus the order the shop wants paid
//   POST /api/pay      {paymentProductId, encryptedCustomerInput, encodedClientMetaInfo}
//                      → creates the payment (POST /v2/{merchantId}/payments, the meta info in its
//                        X-GCS-ClientMetaInfo header) for that order and answers its id and
//                        status, or the 3-D Secure page to send the customer to
//   GET  /return       where 3-D Secure sends the customer back (RETURNMAC, paymentId): the shop
//                        checks the RETURNMAC, reads the payment (GET …/payments/{id}) and shows it
//
// Files are served as a production site would serve them: the web form's files by their
// content-hashed names (Web/dist/site/, from Scripts/build/build-web.sh) with `Cache-Control: public,
// max-age=31536000, immutable`, as brotli or gzip when the browser accepts it (precompressed at
// build time), the engine as application/wasm (so it compiles while it downloads); the page names
// them in preload links so they load beside the page's own script; the page and its script are
// revalidated on each use (ETag); API answers are never stored.
//
// Usage: node shop-server.mjs [--port N] [--host 127.0.0.1] [--sandbox-info FILE]
//   The Server API comes from --sandbox-info (a file holding `payform sandbox`'s first stdout
//   line) or from the environment: SHOP_API_ENDPOINT, SHOP_MERCHANT_ID, SHOP_API_KEY_ID,
//   SHOP_SECRET_API_KEY (never on the command line: it is a secret).
//   The first stdout line is the page's URL; logs (method, path without query, status, ms) go to
//   stderr. Card data and the encrypted payload are never logged. SIGINT/SIGTERM stop it (exit 0).
//
// An example, not a production server: it keeps its pending 3-D Secure payments in memory and
// serves plain HTTP on loopback.

import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { language, money, text } from "./texts.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, "..", "..", "Web", "dist");
/** The web form as a site serves it: content-hashed names, precompressed (Scripts/build/build-web.sh). */
const webSite = path.join(webDist, "site");
/** A content-hashed name (`payform-form.0123456789abcdef.mjs`): its bytes never change. */
const HASHED = /\.[0-9a-f]{16}\.[a-z0-9]+$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** What the shop sells: one order, decided by the server (the browser never chooses the amount). */
const ORDER = { amountOfMoney: { amount: 1000, currencyCode: "EUR" }, countryCode: "NL" };
/** The page's own files (nothing else of this folder is served: not this server's source). */
const PAGE_FILES = new Set(["index.html", "checkout.mjs", "checkout.css", "texts.mjs"]);
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
const MAXIMUM_BODY = 64 * 1024;
const PLATFORM_TIMEOUT_MS = 15_000;
const MAXIMUM_PENDING = 1_000;

class ShopError extends Error {
  /** An answer to the browser: an HTTP status and a message that names what was wrong. */
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

// ---------------------------------------------------------------------------------------------
// Configuration

function parseArguments(argv) {
  const options = { port: 0, host: "127.0.0.1", sandboxInfo: null };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    if (flag === "--help" || flag === "-h") {
      process.stdout.write("Usage: node shop-server.mjs [--port N] [--host ADDRESS] [--sandbox-info FILE]\n");
      process.exit(0);
    }
    if (!["--port", "--host", "--sandbox-info"].includes(flag)) throw new Error(`unknown option ${flag} (try --help)`);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    index += 1;
    if (flag === "--port") {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error("--port must be a number from 0 to 65535");
      options.port = Number(value);
    } else if (flag === "--host") {
      options.host = value;
    } else {
      options.sandboxInfo = value;
    }
  }
  return options;
}

/** The Server API's endpoint and credentials, from the sandbox's first line or the environment. */
function serverApiConfiguration(sandboxInfo) {
  let api;
  if (sandboxInfo) {
    let line;
    try {
      line = fs.readFileSync(sandboxInfo, "utf8").split("\n")[0];
    } catch (error) {
      throw new Error(`--sandbox-info: cannot read ${sandboxInfo} (${error.code || error.message})`);
    }
    try {
      api = JSON.parse(line).serverApi;
    } catch {
      throw new Error(`--sandbox-info: the first line of ${sandboxInfo} is not JSON (payform sandbox's first stdout line is)`);
    }
    if (!api || typeof api !== "object") throw new Error(`--sandbox-info: the first line of ${sandboxInfo} has no serverApi member`);
  } else {
    api = {
      apiEndpoint: process.env.SHOP_API_ENDPOINT,
      merchantId: process.env.SHOP_MERCHANT_ID,
      apiKeyId: process.env.SHOP_API_KEY_ID,
      secretApiKey: process.env.SHOP_SECRET_API_KEY,
    };
  }
  for (const [member, variable] of [["apiEndpoint", "SHOP_API_ENDPOINT"], ["merchantId", "SHOP_MERCHANT_ID"],
    ["apiKeyId", "SHOP_API_KEY_ID"], ["secretApiKey", "SHOP_SECRET_API_KEY"]]) {
    if (typeof api[member] !== "string" || api[member] === "") {
      throw new Error(`the Server API's ${member} is missing (give --sandbox-info FILE or set ${variable})`);
    }
  }
  let endpoint;
  try {
    endpoint = new URL(api.apiEndpoint);
  } catch {
    throw new Error("the Server API's apiEndpoint is not a URL");
  }
  if (!["http:", "https:"].includes(endpoint.protocol) || (endpoint.pathname !== "/" && endpoint.pathname !== "")) {
    throw new Error("the Server API's apiEndpoint must be an http(s) origin without a path");
  }
  return { ...api, apiEndpoint: endpoint.origin };
}

// ---------------------------------------------------------------------------------------------
// The Server API, signed as the platform's server SDKs sign (v1HMAC)

class ServerAPI {
  constructor(configuration) {
    this.configuration = configuration;
    this.merchantPath = `/v2/${encodeURIComponent(configuration.merchantId)}`;
  }

  /**
   * `method` `path` (under /v2/{merchantId}) with a JSON `body` and `gcsHeaders` (X-GCS-* headers,
   * signed with the rest); `{status, json}` of any answer.
   */
  async call(method, path, body, gcsHeaders = {}) {
    const { apiEndpoint, apiKeyId, secretApiKey } = this.configuration;
    const fullPath = `${this.merchantPath}${path}`;
    const date = new Date().toUTCString();
    const contentType = body === undefined ? "" : "application/json";
    // The string to sign: method, content type, date, each X-GCS header as `name:value` (names
    // lower case, sorted), the path; every line ends with a newline, the last one too.
    const gcs = Object.entries(gcsHeaders).map(([name, value]) => [name.toLowerCase(), String(value).trim()]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const signed = `${method}\n${contentType}\n${date}\n${gcs.map(([name, value]) => `${name}:${value}\n`).join("")}${fullPath}\n`;
    const signature = crypto.createHmac("sha256", secretApiKey).update(signed).digest("base64");
    const headers = { ...gcsHeaders, Date: date, Authorization: `GCS v1HMAC:${apiKeyId}:${signature}`, Accept: "application/json" };
    // Always set when there is a body: node's fetch would otherwise add text/plain, unsigned.
    if (body !== undefined) headers["Content-Type"] = contentType;
    let response;
    try {
      response = await fetch(apiEndpoint + fullPath, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error.name === "TimeoutError" ? `no answer within ${PLATFORM_TIMEOUT_MS / 1000} s` : "not reachable";
      throw new ShopError(502, `the payment platform is ${reason} (${method} …${path.startsWith("/payments/") ? "/payments/{id}" : path})`);
    }
    const raw = await response.text();
    let json = null;
    try {
      json = raw === "" ? null : JSON.parse(raw);
    } catch {
      throw new ShopError(502, `the payment platform answered ${response.status} without JSON`);
    }
    return { status: response.status, json };
  }

  createSession() { return this.call("POST", "/sessions", {}); }
  /** The meta info goes in the X-GCS-ClientMetaInfo header, as the platform's server SDKs send it. */
  createPayment(request, clientMetaInfo) {
    return this.call("POST", "/payments", request, clientMetaInfo ? { "X-GCS-ClientMetaInfo": clientMetaInfo } : {});
  }
  getPayment(id) { return this.call("GET", `/payments/${encodeURIComponent(id)}`); }
}

/** The platform's errors as the browser may see them: code, property and message (no values). */
function platformErrors(json) {
  const errors = json && Array.isArray(json.errors) ? json.errors : [];
  return errors.slice(0, 20).map((error) => ({
    code: String(error.errorCode ?? error.code ?? ""),
    propertyName: typeof error.propertyName === "string" ? error.propertyName : undefined,
    message: typeof error.message === "string" ? error.message : "",
  }));
}

/**
 * What the browser learns about a payment: id, status, category, whether it is authorised, and
 * the product the platform created it with (the card's, as the customer chose it).
 */
function paymentSummary(payment) {
  const output = (payment && payment.statusOutput) || {};
  const paymentOutput = (payment && payment.paymentOutput) || {};
  const productId = paymentOutput.cardPaymentMethodSpecificOutput?.paymentProductId
    ?? paymentOutput.redirectPaymentMethodSpecificOutput?.paymentProductId
    ?? paymentOutput.sepaDirectDebitPaymentMethodSpecificOutput?.paymentProductId
    ?? paymentOutput.paymentProductId;
  return {
    paymentId: String(payment.id),
    status: String(payment.status),
    statusCategory: output.statusCategory,
    isAuthorized: output.isAuthorized === true,
    paymentProductId: Number.isInteger(productId) ? productId : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The shop

class Shop {
  constructor(api) {
    this.api = api;
    /** paymentId → RETURNMAC of payments waiting for their 3-D Secure return (bounded, oldest out). */
    this.pending = new Map();
  }

  /** A client session for one page load, and the order with its amount written in `lang` (the page
   * shows it as is: formatting money in the browser built an Intl.NumberFormat, a long task there). */
  async session(lang) {
    const { status, json } = await this.api.createSession();
    if (status !== 201 && status !== 200) {
      throw new ShopError(502, `the payment platform refused to create a session (${status}${describe(json)})`);
    }
    const answer = {};
    for (const member of ["clientApiUrl", "assetUrl", "customerId", "clientSessionId"]) {
      if (typeof json?.[member] !== "string") throw new ShopError(502, `the platform's session has no ${member}`);
      answer[member] = json[member];
    }
    const { amount, currencyCode } = ORDER.amountOfMoney;
    return { ...answer, order: ORDER, amountText: money(lang, amount, currencyCode) };
  }

  async pay(body, origin, lang) {
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new ShopError(400, "the body must be a JSON object");
    const { paymentProductId, encryptedCustomerInput, encodedClientMetaInfo } = body;
    if (!Number.isSafeInteger(paymentProductId) || paymentProductId <= 0) {
      throw new ShopError(400, "paymentProductId must be a positive integer", { property: "paymentProductId" });
    }
    // A compact JWE: five base64url parts separated by dots.
    if (typeof encryptedCustomerInput !== "string" || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*){4}$/.test(encryptedCustomerInput)) {
      throw new ShopError(400, "encryptedCustomerInput must be a compact JWE (what form.submit() answered)", { property: "encryptedCustomerInput" });
    }
    if (encodedClientMetaInfo != null && (typeof encodedClientMetaInfo !== "string" || !/^[A-Za-z0-9+/=]{0,8192}$/.test(encodedClientMetaInfo))) {
      throw new ShopError(400, "encodedClientMetaInfo must be base64 text", { property: "encodedClientMetaInfo" });
    }
    const request = {
      encryptedCustomerInput,
      order: {
        amountOfMoney: ORDER.amountOfMoney,
        customer: { billingAddress: { countryCode: ORDER.countryCode } },
      },
      cardPaymentMethodSpecificInput: {
        // Where 3-D Secure sends the customer back: Online Payments reads it under threeDSecure.
        threeDSecure: { redirectionData: { returnUrl: `${origin}/return?locale=${language(lang)}` } },
      },
    };
    const { status, json } = await this.api.createPayment(request, encodedClientMetaInfo || undefined);

    if (status === 201 || status === 200) {
      if (!json?.payment?.id) throw new ShopError(502, "the platform's payment has no id");
      const summary = paymentSummary(json.payment);
      const action = json.merchantAction;
      if (action && action.actionType === "REDIRECT") {
        const redirect = action.redirectData || {};
        if (typeof redirect.redirectURL !== "string" || !/^https?:\/\//.test(redirect.redirectURL) || typeof redirect.RETURNMAC !== "string") {
          throw new ShopError(502, "the platform asked for a redirect without a usable redirectURL and RETURNMAC");
        }
        this.remember(summary.paymentId, redirect.RETURNMAC);
        return { status: 200, body: { ...summary, redirectURL: redirect.redirectURL } };
      }
      return { status: 200, body: summary };
    }
    if (status === 402 && json?.paymentResult?.payment?.id) {
      // Declined: the payment exists, REJECTED. An outcome for the customer, not a shop error.
      return { status: 200, body: { ...paymentSummary(json.paymentResult.payment), errors: platformErrors(json) } };
    }
    if (status === 400) {
      return { status: 400, body: { error: "the payment platform refused the payment request", errors: platformErrors(json) } };
    }
    throw new ShopError(502, `the payment platform answered ${status}${describe(json)}`);
  }

  remember(paymentId, returnMac) {
    this.pending.delete(paymentId);
    this.pending.set(paymentId, returnMac);
    while (this.pending.size > MAXIMUM_PENDING) this.pending.delete(this.pending.keys().next().value);
  }

  /** The customer is back from 3-D Secure: the RETURNMAC must be the payment's; then its status. */
  async returned(query) {
    const paymentId = query.get("paymentId");
    const returnMac = query.get("RETURNMAC");
    if (!paymentId || !returnMac) throw new ShopError(400, "the return needs paymentId and RETURNMAC");
    const expected = this.pending.get(paymentId);
    if (expected === undefined) throw new ShopError(404, "no payment of this shop waits for this return");
    const given = crypto.createHash("sha256").update(returnMac).digest();
    if (!crypto.timingSafeEqual(given, crypto.createHash("sha256").update(expected).digest())) {
      throw new ShopError(400, "RETURNMAC is not the one of this payment");
    }
    const { status, json } = await this.api.getPayment(paymentId);
    if (status !== 200 || !json?.id) throw new ShopError(502, `the payment platform answered ${status} for the payment${describe(json)}`);
    // Kept (bounded): the customer may reload the return page.
    return paymentSummary(json);
  }
}

function describe(json) {
  const first = platformErrors(json)[0];
  return first ? `: ${first.code} ${first.message}` : "";
}

// ---------------------------------------------------------------------------------------------
// HTTP

function securityHeaders(platformOrigins) {
  const others = [...platformOrigins].join(" ");
  // 'wasm-unsafe-eval' lets the page compile WebAssembly; it does not allow eval() or new Function().
  const policy = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    `img-src 'self' ${others}`,
    `connect-src 'self' ${others}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": policy,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}

function escapeHTML(value) {
  return String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page the customer sees back from 3-D Secure, rendered here (no script needed). */
function returnPage(lang, summary) {
  const outcome = { state: "returned", ...summary };
  return `<!doctype html>
<html lang="${language(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHTML(text(lang, "returned"))}</title>
  <link rel="stylesheet" href="/checkout.css">
</head>
<body>
  <main>
    <h1>${escapeHTML(text(lang, "returned"))}</h1>
    <p id="message" role="status">${escapeHTML(text(lang, "paid", { id: summary.paymentId, status: summary.status }))}</p>
    <p><a href="/?locale=${language(lang)}">${escapeHTML(text(lang, "backToShop"))}</a></p>
    <pre id="outcome" data-state="returned">${escapeHTML(JSON.stringify(outcome, null, 2))}</pre>
  </main>
</body>
</html>
`;
}

async function readJSON(request) {
  const type = (request.headers["content-type"] || "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new ShopError(415, "send the body as Content-Type: application/json");
  if ((request.headers["content-encoding"] || "identity") !== "identity") throw new ShopError(415, "a Content-Encoding is not accepted");
  const declared = Number(request.headers["content-length"] || 0);
  if (declared > MAXIMUM_BODY) throw new ShopError(413, `the body is larger than ${MAXIMUM_BODY} bytes`);
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAXIMUM_BODY) throw new ShopError(413, `the body is larger than ${MAXIMUM_BODY} bytes`);
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ShopError(400, "the body is not JSON");
  }
}

/**
 * What the page needs to start the web form early: the hashed names of Web/dist/site/manifest.json
 * (read when the page is asked for, so a rebuild needs no restart), or null when the site was not
 * built (the page then imports /web/payform-form.mjs).
 */
function siteManifest() {
  try {
    return JSON.parse(fs.readFileSync(path.join(webSite, "manifest.json"), "utf8"));
  } catch {
    return null;
  }
}

/**
 * index.html with what lets the browser fetch the form before the page's script asks for it: the
 * form module's hashed URL (a meta tag checkout.mjs reads), a modulepreload of it, and preloads of
 * the engine and of the page language's texts, fetched as the form module fetches them (CORS mode,
 * so the preloaded answers are the ones it uses).
 */
function pageWithPreloads(html, manifest, lang) {
  if (!manifest || !manifest["payform-form.mjs"]) return html;
  const at = (name) => `/web/${manifest[name]}`;
  const links = [
    `<meta name="payform-form-module" content="${at("payform-form.mjs")}">`,
    `<link rel="modulepreload" href="${at("payform-form.mjs")}">`,
    `<link rel="preload" href="${at("payform-form-engine.wasm")}" as="fetch" type="application/wasm" crossorigin>`,
    `<link rel="preload" href="${at("payform-form.css")}" as="style">`,
  ];
  const texts = manifest[`payform-texts.${lang}.json`];
  if (texts) links.push(`<link rel="preload" href="/web/${texts}" as="fetch" type="application/json" crossorigin>`);
  return html.replace("</head>", `  ${links.join("\n  ")}\n</head>`);
}

/**
 * The answer for a file of the web form: from Web/dist/site/ when the name is content-hashed
 * (cached for a year, immutable), its brotli or gzip copy when the browser takes it; any other
 * name from Web/dist/ (revalidated on each use). Null when there is no such file.
 */
function webFile(name, acceptEncoding) {
  const hashed = HASHED.test(name);
  const file = staticFile(hashed ? webSite : webDist, name);
  if (!file) return null;
  const accepted = new Set(String(acceptEncoding || "").split(",").map((part) => part.split(";")[0].trim().toLowerCase()));
  for (const [encoding, suffix] of hashed ? [["br", ".br"], ["gzip", ".gz"]] : []) {
    if (accepted.has(encoding) && fs.existsSync(file + suffix)) {
      return { file: file + suffix, type: TYPES[path.extname(file)], encoding, cache: IMMUTABLE };
    }
  }
  return { file, type: TYPES[path.extname(file)], encoding: null, cache: hashed ? IMMUTABLE : "no-cache" };
}

/** A file of `folder` named `name` (one path segment, no dot file), or null. */
function staticFile(folder, name) {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name)) return null;
  const file = path.join(folder, name);
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function createServer(shop, platformOrigins) {
  const headers = securityHeaders(platformOrigins);
  const sendJSON = (response, status, body) => {
    response.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  };

  return http.createServer(async (request, response) => {
    const started = process.hrtime.bigint();
    let url;
    try {
      url = new URL(request.url, "http://shop.invalid");
    } catch {
      url = new URL("http://shop.invalid/");
    }
    const origin = `http://${request.socket.localAddress.includes(":") ? `[${request.socket.localAddress}]` : request.socket.localAddress}:${request.socket.localPort}`;
    const lang = language(url.searchParams.get("locale") || "en");
    response.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: queries (RETURNMAC) and bodies (the encrypted payload) are never logged.
      process.stderr.write(`shop: ${request.method} ${url.pathname.replace(/\d{12,}/g, "[digits]")} ${response.statusCode} ${ms.toFixed(1)}ms\n`);
    });
    try {
      if (url.pathname.startsWith("/api/")) {
        const routes = { "/api/session": "POST", "/api/pay": "POST" };
        if (!Object.hasOwn(routes, url.pathname)) throw new ShopError(404, `no such call: ${url.pathname}`);
        if (request.method !== routes[url.pathname]) {
          response.setHeader("Allow", routes[url.pathname]);
          throw new ShopError(405, `${url.pathname} takes ${routes[url.pathname]}`);
        }
        if (url.pathname === "/api/session") {
          sendJSON(response, 200, await shop.session(lang));
        } else {
          const answer = await shop.pay(await readJSON(request), origin, lang);
          sendJSON(response, answer.status, answer.body);
        }
        return;
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.setHeader("Allow", "GET, HEAD");
        throw new ShopError(405, "only GET and HEAD are served here");
      }
      if (url.pathname === "/return") {
        let page;
        try {
          page = returnPage(lang, await shop.returned(url.searchParams));
        } catch (error) {
          if (!(error instanceof ShopError)) throw error;
          response.writeHead(error.status, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
          response.end(`${error.message}\n`);
          return;
        }
        response.writeHead(200, { ...headers, "Content-Type": "text/html; charset=utf-8" });
        response.end(request.method === "HEAD" ? undefined : page);
        return;
      }
      // Files: the web form's under /web/ (hashed names cached for good, precompressed), the
      // page's own revalidated on each use (ETag), answers of the shop's calls never stored.
      let served = null;
      if (url.pathname === "/" || url.pathname === "/index.html") {
        served = { file: path.join(here, "index.html"), type: TYPES[".html"], encoding: null, cache: "no-cache", page: true };
      } else if (url.pathname.startsWith("/web/")) {
        served = webFile(url.pathname.slice("/web/".length), request.headers["accept-encoding"]);
      } else if (PAGE_FILES.has(url.pathname.slice(1))) {
        const file = path.join(here, url.pathname.slice(1));
        served = { file, type: TYPES[path.extname(file)], encoding: null, cache: "no-cache" };
      }
      if (!served) {
        response.writeHead(404, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
        response.end("not found\n");
        return;
      }
      let body = await fs.promises.readFile(served.file);
      if (served.page) body = Buffer.from(pageWithPreloads(body.toString("utf8"), siteManifest(), lang));
      const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
      const fileHeaders = { ...headers, "Content-Type": served.type || "application/octet-stream", "Cache-Control": served.cache, ETag: etag };
      if (url.pathname.startsWith("/web/")) fileHeaders.Vary = "Accept-Encoding";
      if (served.encoding) fileHeaders["Content-Encoding"] = served.encoding;
      if (request.headers["if-none-match"] === etag) {
        response.writeHead(304, fileHeaders);
        response.end();
        return;
      }
      response.writeHead(200, { ...fileHeaders, "Content-Length": body.length });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (error instanceof ShopError) {
        sendJSON(response, error.status, { error: error.message, ...error.extra });
      } else {
        // Never the error's details: they could hold what the request carried.
        process.stderr.write(`shop: unexpected ${error && error.name} on ${request.method} ${url.pathname}\n`);
        sendJSON(response, 500, { error: "the shop server failed on this request" });
      }
    }
  });
}

async function main() {
  let options;
  let configuration;
  try {
    options = parseArguments(process.argv.slice(2));
    configuration = serverApiConfiguration(options.sandboxInfo);
  } catch (error) {
    process.stderr.write(`shop-server: ${error.message}\n`);
    process.exit(2);
  }
  const shop = new Shop(new ServerAPI(configuration));
  // One session at start: proves the credentials work and tells the CSP where the Client API and
  // the assets are (the browser calls them directly).
  let first;
  try {
    first = await shop.session("en");
  } catch (error) {
    process.stderr.write(`shop-server: cannot create a client session at ${configuration.apiEndpoint}: ${error.message}\n`);
    process.exit(1);
  }
  const platformOrigins = new Set([new URL(first.clientApiUrl).origin, new URL(first.assetUrl).origin]);
  const server = createServer(shop, platformOrigins);
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  server.on("clientError", (error, socket) => {
    // Node's own answer to a request it could not parse: written here so it carries the same
    // nosniff and Referrer-Policy as every other answer.
    const body = JSON.stringify({ error: "malformed HTTP request" });
    if (socket.writable) {
      socket.end("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n"
        + `Referrer-Policy: no-referrer\r\nCache-Control: no-store\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    } else {
      socket.destroy();
    }
  });
  server.on("error", (error) => {
    process.stderr.write(`shop-server: cannot listen on ${options.host}:${options.port} (${error.code || error.message})\n`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    const { address, port } = server.address();
    const host = address.includes(":") ? `[${address}]` : address;
    process.stdout.write(`http://${host}:${port}/\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main();
