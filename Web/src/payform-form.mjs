// A payment form generated from a Client API product definition, running the engine compiled to
// WebAssembly: every keystroke, paste, cut, delete and IME composition goes through the engine's
// form controller, and the text and caret it answers are what the input shows.
//
//   import { mountPaymentForm } from "./payform-form.mjs";
//   const form = await mountPaymentForm(document.querySelector("#card"), {
//     session,            // {clientApiUrl, assetUrl, customerId, clientSessionId} from your server
//     groupId: "cards",   // one form for every card (or productId: 809 for one product); the module
//                         // fetches the definitions, the public key and IIN details itself
//     context: { amount: 1000, currency: "EUR", countryCode: "NL" },
//     locale: "fr",
//   });
//   const result = await form.submit();  // {valid:false, errors} or {valid:true, encryptedCustomerInput, ...}
//
// loadPaymentFormEngine() starts loading the engine ahead of the first form (mounting does it too).
//
// The page draws; the engine decides (masks and caret, brand detection, the IIN lookup rule,
// validation, which message to show, localized texts, the encryption). No dependencies, no eval,
// no inline styles: the look comes from payform-form.css, themable through CSS custom properties
// and ::part().
//
// This file names what the module exports; the code is in form/, a module per job: loader.mjs
// (the engine, loaded once per page), warm-up.mjs (the engine warmed up before a form needs it,
// in a worker and in short steps), yield.mjs (the main thread yielded between steps), texts.mjs (the languages' files), client-api.mjs (the
// session's Client API calls), mount.mjs (mountPaymentForm), payment-form.mjs (the mounted
// form), view.mjs (its DOM), editing.mjs (keystrokes as engine edits), iin.mjs (the card
// number's IIN lookups), events.mjs (the events it sends), encryption.mjs (WebCrypto's JWE). Scripts/build/build-web.sh bundles them, with the engine's
// loader (payform-engine.mjs), into one module with esbuild: a page fetches one file.

export { PaymentFormError } from "./payform-engine.mjs";
export { encryptPayload } from "./form/encryption.mjs";
export { loadPaymentFormEngine } from "./form/loader.mjs";
export { mountPaymentForm } from "./form/mount.mjs";
export { PaymentForm } from "./form/payment-form.mjs";
export { LANGUAGE_ALIASES } from "./form/texts.mjs";
