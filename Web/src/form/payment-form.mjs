// The mounted form: its state, its methods, and the wiring between the page's DOM (view.mjs), the
// engine's form protocol and the events it sends (events.mjs).

import { PaymentFormError } from "../payform-engine.mjs";
import { editFor } from "./editing.mjs";
import { encryptPayload } from "./encryption.mjs";
import { changeToSay, emit, submitRequested } from "./events.mjs";
import { IINLookups } from "./iin.mjs";
import {
  assetUrl, drawAccepted, drawAccounts, drawBadge, drawBrandOption, drawField, drawingOf, highlightAccepted, make, placeChildren,
  setAttribute, writeFieldTexts, writeText,
} from "./view.mjs";

/** Forms mounted on the page so far: each form's element ids start with its number. */
let formCount = 0;

/**
 * A mounted form. Events, on the form and (named `payform-<type>`, bubbling) on the element; a
 * detail never holds what was typed:
 * - `ready` `{product}`: the form is drawn and takes input;
 * - `focus`, `blur` `{field}`;
 * - `change` `{field, state, complete, empty, errorId}`: one of these changed for a field (never
 *   twice the same in a row);
 * - `brand` `{brand, brands, options, product}`: the card's brand (the co-badge brand that pays,
 *   else the one detected), the brands detected, the co-badge choice, the product the form is on;
 * - `iin` `{bin}`: the card number's first digits changed (6, or 8 once typed: what an IIN lookup
 *   sends; never more);
 * - `valid` `{valid}`: the whole form's validity flipped;
 * - `submitrequest` `{field}`: Enter in a field (cancelable; not cancelled, it submits the page's
 *   `<form>` around the element by `requestSubmit()`, else pays with the form's Pay button);
 * - `submit`: what `submit()` resolved to;
 * - `error` `{code, message}`: a Client API call, the engine or the encryption failed (a failed
 *   mount says so on the element, `payform-error`, before its promise rejects).
 * Methods: `submit()`, `focus(field?)`, `blur()`, `clear(field?)`, `update({disabled})`, `send`,
 * `selectAccountOnFile`, `destroy()`.
 */
export class PaymentForm extends EventTarget {
  #engine;
  #number;
  #element;
  #root;
  #options;
  #view;
  #fields = new Map();
  #valid = false;
  #brand = null;
  #chosenBrand = null;
  #brandOptions = [];
  /** The card number's IIN lookups (iin.mjs). */
  #lookups;
  #composition = null;
  #prefix;
  #listeners = [];
  #destroyed = false;
  #brands = null;
  #generation;

  constructor(element, engine, opened, options) {
    super();
    this.#engine = engine;
    this.#generation = engine.generation;
    this.#number = opened.form;
    this.#element = element;
    this.#options = options;
    this.#prefix = `pf${++formCount}`;
    this.#root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    // How the form looks IIN details up: the merchant's `lookupIIN`, else the session's, or not at all.
    const lookup = options.lookupIIN ?? (options.api ? (bin) => options.api.iinDetails(bin) : null);
    this.#lookups = new IINLookups(lookup, {
      prefixOf: (number) => this.#engine.call({ op: "card.lookupPrefix", number }).prefix,
      number: () => this.#fields.get("cardNumber")?.text ?? "",
      destroyed: () => this.#destroyed,
      said: (type, detail) => this.#emit(type, detail),
      apply: (result) => this.send({ event: "iin", result }),
    });
    this.#draw(opened.view);
    // Ready once drawn and after the mount's promise settled, so listeners added then hear it.
    const frame = globalThis.requestAnimationFrame ?? ((callback) => setTimeout(callback, 0));
    frame(() => { if (!this.#destroyed) this.#emit("ready", { product: this.#view.product }); });
    // The brand list (names, products for logos) is read in idle time after the form is drawn,
    // so the first digit typed finds it ready.
    if (this.#fields.has("cardNumber")) {
      const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
      idle(() => { if (!this.#destroyed) this.#brandList(); });
    }
  }

  /** The brands the engine detects, named in the form's language (asked for once). */
  #brandList() {
    this.#brands ??= this.#call({ op: "form.brands", form: this.#number }).brands ?? [];
    return this.#brands;
  }

  /** The language of the form's texts (a BCP 47 tag). */
  get lang() { return this.#view.lang; }
  /** Whether the whole form validates now. */
  get valid() { return this.#valid; }
  /** The product (or group) the form is on: `{id, label, logo, kind}`; on a card form the product the card number named. */
  get product() { return this.#view.product; }
  /** The detected or chosen card brand id, if any. */
  get brand() { return this.#brand; }

  /**
   * Validates the whole form. Invalid: every field shows its first error (as the engine's display
   * policy says), the live region announces it, and it resolves to `{valid: false, errors: [{fieldId, errorId, message}]}`. Valid: the
   * request encrypted in the engine, `{valid: true, paymentProductId, encryptedCustomerInput,
   * encodedClientMetaInfo}` (both `null` when the form has no public key and session id).
   */
  async submit() {
    // What is sent never depends on timing: the card number's IIN answer, when one is under way
    // or failed, is waited for first (see iin.mjs).
    await this.#lookups.settle(this.#fields.get("cardNumber")?.control?.value);
    if (this.#destroyed) throw new PaymentFormError("destroyed", "the form was destroyed while it waited for the card's IIN lookup");
    const answer = this.#call({ op: "form.event", form: this.#number, event: { event: "submit" } });
    this.#redraw();
    let result;
    if (!answer.valid) {
      // Every field in error shows its message now; the focus goes to the first, and the
      // announcement names it.
      const first = answer.errors[0];
      const entry = first ? this.#fields.get(first.fieldId) : null;
      if (entry && !entry.field.readOnly) entry.control.focus();
      this.#announce(entry ? `${entry.field.label}: ${first.message}` : this.#view.texts.invalidForm);
      result = { valid: false, errors: answer.errors };
      // The number names no product (the lookup that would tell did not answer): said on the
      // number field, and as an event, never sent as a guess.
      const undecided = answer.errors.find((error) => error.errorId === "cardUndecided");
      if (undecided) this.#emit("error", { code: "card_undecided", field: undecided.fieldId, message: undecided.message });
    } else {
      // The engine wrote the token's header and payload; WebCrypto does the primitives.
      const prepared = answer.encrypt ? await this.#encrypted(answer.encrypt) : answer.prepared;
      result = {
        // The product the engine submits: on a card form, the one the card number and the co-badge choice named.
        valid: true, paymentProductId: Number(answer.paymentProductId ?? this.#view.product.id),
        encryptedCustomerInput: prepared?.encryptedFields ?? null, encodedClientMetaInfo: prepared?.encodedClientMetaInfo ?? null,
      };
      if (this.#options.accountOnFileId) result.accountOnFileId = this.#options.accountOnFileId;
      if (this.#view.accountOnFile) result.accountOnFileId = Number(this.#view.accountOnFile.id);
    }
    this.#emit("submit", result);
    return result;
  }

  /** `{encryptedFields, encodedClientMetaInfo}` from a submit's `encrypt` (see encryptPayload). */
  async #encrypted(input) {
    try {
      return { encryptedFields: await encryptPayload(input), encodedClientMetaInfo: input.encodedClientMetaInfo };
    } catch (error) {
      const failure = error instanceof PaymentFormError ? error : new PaymentFormError("encryption_failed", `the request could not be encrypted: ${error?.message ?? error}`);
      this.#emit("error", { code: failure.code, message: failure.message });
      throw failure;
    }
  }

  /** Sends one event of the engine's form protocol (as `payform form` reads them) and draws its answer. */
  send(event) {
    const answer = this.#call({ op: "form.event", form: this.#number, event });
    if ("field" in answer) this.#applyField(answer, ["edit", "replace", "set", "select"].includes(event.event));
    else if ("fields" in answer) this.#applyForm(answer);
    return answer;
  }

  /**
   * Moves the focus to a field (`field`: its id; default: the first field the customer types in).
   * A field the form does not have is a `PaymentFormError` `usage`.
   */
  focus(field) {
    const entry = field == null ? [...this.#fields.values()].find((candidate) => !candidate.control.disabled) : this.#fields.get(String(field));
    if (!entry) throw new PaymentFormError("usage", `the form has no field ${JSON.stringify(String(field))}`);
    entry.control.focus();
  }

  /** Takes the focus out of the form, if a field of it has it. */
  blur() {
    const active = this.#root.activeElement;
    if (active && typeof active.blur === "function") active.blur();
  }

  /**
   * Empties a field (`field`: its id), or every field the customer typed in (none given): after a
   * decline, `form.clear("cvv"); form.focus("cardNumber")`. The field's state, the brand and the
   * form's validity follow, as when the customer deletes the text.
   */
  clear(field) {
    const ids = field == null ? [...this.#fields.keys()] : [String(field)];
    for (const id of ids) {
      const entry = this.#fields.get(id);
      if (!entry) throw new PaymentFormError("usage", `the form has no field ${JSON.stringify(id)}`);
      if (entry.control.type === "checkbox" || entry.control.tagName === "SELECT" || entry.text === "") continue;
      this.send({ event: "set", field: id, value: "" });
    }
  }

  /**
   * Changes what a mounted form allows: `{disabled}` (true: every input and the Pay button are
   * disabled, while a payment is under way, say). Other options need a new mount; an unknown one
   * is a `PaymentFormError` `usage`.
   */
  update(options = {}) {
    for (const name of Object.keys(options)) {
      if (name !== "disabled") throw new PaymentFormError("usage", `update takes {disabled}; ${JSON.stringify(name)} needs a new mount`);
    }
    if ("disabled" in options) {
      this.#disabled = Boolean(options.disabled);
      this.#applyDisabled();
    }
  }

  #disabled = false;

  /** Every input and button of the form disabled or not, as `update({disabled})` last said. */
  #applyDisabled() {
    for (const control of this.#root.querySelectorAll("input, select, button")) control.disabled = this.#disabled;
    setAttribute(this.#root.querySelector(".pf-form"), "aria-disabled", this.#disabled ? "true" : null);
  }

  /** Selects another account on file (`null`: none) and redraws the form. */
  selectAccountOnFile(id) {
    const answer = this.#call({ op: "form.event", form: this.#number, event: { event: "selectAccountOnFile", id: id == null ? null : String(id) } });
    this.#redraw(true);
    return answer;
  }

  /** Removes the form from the page and frees its state in the engine. */
  destroy() {
    if (this.#destroyed) return;
    this.#destroyed = true;
    unlisten(this.#listeners);
    for (const entry of this.#fields.values()) unlisten(entry.listeners);
    this.#root.replaceChildren();
    // A restarted engine never saw this form: nothing to close there.
    if (this.#engine.generation === this.#generation) this.#engine.call({ op: "form.close", form: this.#number });
  }

  // MARK: drawing

  #call(request) {
    if (this.#destroyed) throw new PaymentFormError("usage", "this form was destroyed");
    // After a failure the engine runs a fresh instance, which never saw this form.
    if (this.#engine.generation !== this.#generation) {
      throw new PaymentFormError("engine_failed", "the engine was restarted after a failure and this form's state is gone: mount it again");
    }
    let answer;
    try {
      answer = this.#engine.call(request);
    } catch (error) {
      if (error instanceof PaymentFormError) this.#emit("error", { code: error.code, message: error.message });
      throw error;
    }
    if (answer.error) throw new PaymentFormError(answer.error.code, answer.error.message);
    return answer;
  }

  /** Adds a listener, removed with the form's (`owner`: with a field's when it is drawn anew). */
  #listen(target, type, listener, owner = this.#listeners) {
    target.addEventListener(type, listener);
    owner.push([target, type, listener]);
  }

  #asset(path) {
    return assetUrl(this.#options.assetUrl, path);
  }

  /**
   * Draws the form from a view (`form.view`'s answer). Drawn again (another product's view, an
   * account on file), a field that would be drawn as it is keeps its elements, listeners and what
   * it last said, and stays where it is in the page: the input being typed in keeps its focus and
   * caret, and the keystroke that named another product pays only for the fields that differ.
   */
  #draw(view) {
    unlisten(this.#listeners);
    this.#listeners = [];
    this.#view = view;
    const previous = this.#fields;
    this.#fields = new Map();
    this.#brand = null; // the brand badge is drawn anew with the fields
    // The language the texts are in (a page in a language the engine lacks gets English, said so).
    setAttribute(this.#element, "lang", view.lang);
    const sheet = this.#root.querySelector("link[rel=stylesheet]") ?? make("link", { rel: "stylesheet", href: String(this.#options.stylesheet) });
    // The direction of the texts' language: English texts on a right-to-left page read left to right.
    const container = this.#container ?? make("div", { class: "pf-form", part: "form" });
    this.#container = container;
    setAttribute(container, "lang", view.lang);
    setAttribute(container, "dir", view.dir === "rtl" ? "rtl" : "ltr");
    const children = [];
    if (view.accountsOnFile.length > 0) children.push(this.#drawAccounts(view));
    // The co-badge choice sits right below the card number it belongs to (drawBrandChoice fills it).
    const choice = this.#brandChoice ?? make("fieldset", { class: "pf-brand-choice", part: "brand-choice", hidden: true });
    if (!this.#brandChoice) choice.append(make("legend", {}, view.texts.brandChoice));
    else if (choice.firstChild.textContent !== view.texts.brandChoice) choice.firstChild.textContent = view.texts.brandChoice;
    this.#brandChoice = choice;
    for (const field of view.fields) {
      children.push(this.#keptField(previous.get(field.id), field) ?? this.#drawField(field));
      if (field.id === "cardNumber") children.push(choice);
    }
    for (const [id, entry] of previous) if (this.#fields.get(id) !== entry) unlisten(entry.listeners);
    if (this.#options.submitButton) {
      const button = this.#submitButton ?? make("button", { type: "button", class: "pf-submit", part: "submit" });
      if (button.textContent !== view.texts.pay) button.textContent = view.texts.pay;
      this.#listen(button, "click", () => { this.submit().catch((error) => this.#emit("error", { code: error.code, message: error.message })); });
      this.#submitButton = button;
      children.push(button);
    }
    this.#live ??= make("div", { class: "pf-live", part: "live", role: "status", "aria-live": "polite" });
    children.push(this.#live);
    placeChildren(container, children);
    // The stylesheet's link stays where it is (taking it out would drop and reload its sheet).
    for (const child of [...this.#root.childNodes]) if (child !== sheet && child !== container) child.remove();
    if (!sheet.isConnected) this.#root.append(sheet);
    if (!container.isConnected) this.#root.append(container);
    this.#valid = false;
    for (const field of view.fields) if (field.text !== undefined) this.#showState(this.#fields.get(field.id), field);
    this.#drawBrandChoice(view.brandOptions ?? this.#brandOptions, view.brand);
    if (this.#disabled) this.#applyDisabled();
  }

  #brandChoice = null;
  #live = null;
  #container = null;
  #submitButton = null;

  /**
   * The field's elements kept for `field` when it would be made of the same (`entry`: the field
   * as drawn before, if any): its texts, its text and the accepted cards' label brought up to
   * date. Else null.
   */
  #keptField(entry, field) {
    if (!entry || entry.drawing !== drawingOf(field)) return null;
    entry.field = field;
    writeFieldTexts(entry, field);
    entry.text = field.text ?? "";
    writeText(entry.control, entry.text);
    if (field.id === "cardNumber" && this.#acceptedList) setAttribute(this.#acceptedList, "aria-label", this.#view.product.label);
    this.#fields.set(field.id, entry);
    return entry.wrapper;
  }

  /** The customer's accounts on file, and another card: choosing one redraws the form. */
  #drawAccounts(view) {
    const { fieldset, choices } = drawAccounts(view, this.#prefix);
    for (const [radio, id] of choices) this.#listen(radio, "change", () => this.selectAccountOnFile(id || null));
    return fieldset;
  }

  #drawField(field) {
    const accepted = field.id === "cardNumber" && field.inputType !== "boolean" ? this.#drawAccepted() : null;
    const { wrapper, control, message, brand, label, tooltip } = drawField(field, `${this.#prefix}-${field.id}`, accepted);
    const entry = { field, drawing: drawingOf(field), wrapper, message, control, brand, label, tooltip, text: field.text ?? "", listeners: [] };
    const listen = (type, listener) => this.#listen(control, type, listener, entry.listeners);
    if (field.inputType === "boolean") listen("change", () => this.#setValue(entry, control.checked ? "true" : ""));
    else if (field.inputType === "list") listen("change", () => this.#setValue(entry, control.value));
    else this.#wireTextInput(entry, control);
    this.#fields.set(field.id, entry);
    listen("focus", () => {
      if (this.#refocusing) return;
      this.send({ event: "focus", field: field.id });
      this.#emit("focus", { field: field.id });
    });
    listen("blur", () => {
      if (this.#destroyed) return;
      this.send({ event: "blur", field: field.id });
      this.#emit("blur", { field: field.id });
    });
    // Enter asks to pay, as in a form: a `submitrequest` listener may take it (preventDefault);
    // else the page's own <form> around the element is submitted (its submit handler pays, as
    // with a native input), else the form's Pay button pays when there is one.
    listen("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || control.type === "checkbox") return;
      event.preventDefault();
      if (!submitRequested(this, this.#element, field.id)) return;
      const pageForm = this.#element.closest?.("form");
      if (pageForm && typeof pageForm.requestSubmit === "function") pageForm.requestSubmit();
      else if (this.#options.submitButton) this.submit().catch((error) => this.#emit("error", { code: error.code, message: error.message }));
    });
    return wrapper;
  }

  /** Routes every edit of a text input through the engine; the browser never edits it itself. */
  #wireTextInput(entry, input) {
    const field = entry.field.id;
    const listen = (type, listener) => this.#listen(input, type, listener, entry.listeners);
    const selection = () => [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
    listen("beforeinput", (event) => {
      if (entry.field.readOnly) { event.preventDefault(); return; }
      if (event.isComposing || event.inputType === "insertCompositionText") return; // taken at compositionend
      const text = event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
      const edit = editFor(field, event.inputType, text, input.value, selection());
      event.preventDefault();
      if (edit) this.send(edit);
    });
    listen("compositionstart", () => {
      this.#composition = { field, text: entry.text, selection: selection() };
    });
    listen("compositionend", (event) => {
      const composition = this.#composition;
      this.#composition = null;
      if (!composition || composition.field !== field) return;
      input.value = composition.text; // what the engine last answered; the composed text goes through it
      this.send({ event: "edit", field, selection: composition.selection, insert: event.data ?? "" });
    });
    // Anything that changed the text without a cancelable beforeinput (browser autofill): the
    // whole value as the browser put it, formatted by the engine.
    listen("input", () => {
      if (this.#composition || input.value === entry.text) return;
      this.send({ event: "set", field, value: input.value });
    });
  }

  #setValue(entry, value) {
    this.send({ event: "set", field: entry.field.id, value });
  }

  /** Draws a field event's answer. */
  #applyField(answer, placesCaret = false) {
    // The card number named another product: its fields, masks and texts are drawn anew, and the
    // customer goes on typing where they were.
    if (answer.itemChanged) {
      this.#switchedItem(answer, placesCaret);
      return;
    }
    const entry = this.#fields.get(answer.field);
    if (!entry) return;
    const control = entry.control;
    if (writeText(control, answer.text) && placesCaret && this.#root.activeElement === control) control.setSelectionRange(answer.cursor, answer.cursor);
    this.#showState(entry, answer);
    if (answer.brandOptions && !sameOptions(answer.brandOptions, this.#brandOptions, answer.brand, this.#chosenBrand)) {
      this.#drawBrandChoice(answer.brandOptions, answer.brand);
    }
    if (answer.brands) this.#showBrand(answer.brands);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
    if (answer.field === "cardNumber" && answer.outcome === "changed") this.#lookups.numberChanged(answer.value);
    if (answer.advance && answer.next) {
      const next = this.#fields.get(answer.next)?.control;
      if (next) {
        next.focus();
        if (next.tagName === "INPUT" && next.type === "text") next.setSelectionRange(next.value.length, next.value.length);
      }
    }
  }

  /**
   * Draws the whole form anew from the engine's view (another product's fields), the focus kept
   * where it was: the same field with its caret (or `caret`, the engine's, after an edit), or the
   * same co-badge option.
   */
  #redrawKeepingFocus(caret = null) {
    const active = this.#root.activeElement;
    const field = active?.closest?.(".pf-brand-choice") ? null : active?.getAttribute?.("name") ?? null;
    const option = active?.closest?.(".pf-brand-choice") ? active.value : null;
    const selection = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
    this.#draw(this.#call({ op: "form.view", form: this.#number }));
    if (option) {
      this.#brandChoice?.querySelector(`input[value="${CSS.escape(option)}"]`)?.focus();
      return;
    }
    const entry = field ? this.#fields.get(field) : null;
    if (!entry) return;
    // A new input takes the focus without telling the engine again: it already has it there (a
    // kept one never lost it).
    if (this.#root.activeElement !== entry.control) {
      this.#refocusing = true;
      try {
        entry.control.focus();
      } finally {
        this.#refocusing = false;
      }
    }
    if (entry.control.type === "text") {
      const length = entry.control.value.length;
      const [start, end] = (caret !== null ? [caret, caret] : selection ?? [length, length]).map((at) => Math.min(at, length));
      if (entry.control.selectionStart !== start || entry.control.selectionEnd !== end) entry.control.setSelectionRange(start, end);
    }
  }

  #refocusing = false;
  /** The brands last detected for the card number (what a redrawn badge shows again). */
  #detectedBrands = [];

  /** The form after a product switch: drawn from the engine's view, the focus and caret kept. */
  #switchedItem(answer, placesCaret) {
    this.#redrawKeepingFocus(placesCaret && answer.field === this.#root.activeElement?.getAttribute?.("name") ? answer.cursor : null);
    if (answer.fields) for (const field of answer.fields) this.#showState(this.#fields.get(field.field), field);
    if (answer.brands) this.#showBrand(answer.brands);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
    if (answer.field === "cardNumber" && answer.outcome === "changed") this.#lookups.numberChanged(answer.value);
    if (answer.advance && answer.next) this.#fields.get(answer.next)?.control.focus();
  }

  /** Draws a form-level answer (account, product or brand selection, an IIN answer). */
  #applyForm(answer) {
    if (answer.itemChanged) {
      // A co-badge choice or an IIN answer named another product: drawn anew, the focus kept,
      // and the number's brand shown again on the new badge (a co-badge choice shows its own).
      this.#redrawKeepingFocus();
      if (this.#brandOptions.length < 2) this.#showBrand(this.#detectedBrands, true);
      if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
        this.#valid = answer.valid;
        this.#emit("valid", { valid: answer.valid });
      }
      return;
    }
    for (const field of answer.fields) this.#applyField(field);
    this.#drawBrandChoice(answer.brandOptions, answer.brand);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
  }

  /** A field's state: text, `aria-invalid`, the message to show now, `data-state`. */
  #showState(entry, state) {
    if (!entry) return;
    entry.text = state.text ?? entry.text;
    // Only what changed is written: every DOM write costs the keystroke a style recalculation.
    const shown = state.message ?? "";
    const before = entry.message.textContent;
    if (shown !== before) entry.message.textContent = shown;
    setAttribute(entry.wrapper, "data-state", state.state ?? "incomplete");
    setAttribute(entry.wrapper, "data-complete", state.complete ? "" : null);
    setAttribute(entry.control, "aria-invalid", shown ? "true" : "false");
    if (entry.control.type === "checkbox") {
      const checked = state.text === "true";
      if (entry.control.checked !== checked) entry.control.checked = checked;
    } else if (entry.control.tagName === "SELECT" && entry.control.value !== state.text) {
      entry.control.value = state.text ?? "";
    }
    if (shown && shown !== before) this.#announce(shown);
    // One `change` per change of what it reports (events.mjs).
    const change = changeToSay(entry, state);
    if (change) this.#emit("change", change);
  }

  /** The card's brand: the co-badge brand that pays, else the one detected; its logo (from a product it stands for) or name. */
  #showBrand(brands, redrawn = false) {
    this.#detectedBrands = brands;
    const entry = this.#fields.get("cardNumber");
    const id = this.#brandOptions.length > 1 ? this.#chosenBrand : brands.length === 1 ? brands[0] : null;
    if (!entry?.brand || (!redrawn && id === this.#brand && entry.brand.dataset.brand === (id ?? ""))) return;
    this.#brand = id;
    const brand = id ? this.#brandList().find((b) => b.id === id) : null;
    drawBadge(entry.brand, id, brand, brand ? this.#logoFor(brand) : null);
    if (brand) this.#announce(this.#view.texts.detectedBrand.replace("{brand}", brand.name));
    if (this.#acceptedList) highlightAccepted(this.#acceptedList, brand);
    this.#emit("brand", { brand: id, brands, options: this.#brandOptions.map((o) => o.brand), product: this.#view.product.id });
  }

  /** The cards the form takes, shown before anything is typed (view.mjs's drawAccepted). */
  #drawAccepted() {
    const list = drawAccepted(this.#options.accepted ?? [], this.#view.product.label, (path) => this.#asset(path));
    if (list) this.#acceptedList = list;
    return list;
  }

  #acceptedList = null;

  /** A logo for a brand: that of the first product it stands for that the platform lists. */
  #logoFor(brand) {
    const own = this.#view.product;
    for (const productId of brand.productIds) {
      if (String(productId) === own.id && own.logo) return this.#asset(own.logo);
      const listed = this.#options.products.find((p) => String(p.id) === String(productId));
      if (listed?.displayHints?.logo) return this.#asset(listed.displayHints.logo);
    }
    return null;
  }

  /** The co-badge choice: one radio per brand the IIN answer offers, when it offers more than one. */
  #drawBrandChoice(options, chosen) {
    this.#brandOptions = options ?? [];
    this.#chosenBrand = chosen ?? null;
    const choice = this.#brandChoice;
    if (!choice) return;
    const legend = choice.querySelector("legend");
    choice.replaceChildren(legend);
    choice.hidden = this.#brandOptions.length < 2;
    for (const option of this.#brandOptions) {
      const brand = this.#brandList().find((b) => b.id === option.brand) ?? { id: option.brand, name: option.brand, productIds: [] };
      const [radio, label] = drawBrandOption(brand, chosen, this.#logoFor(brand), this.#prefix);
      this.#listen(radio, "change", () => this.send({ event: "selectBrand", brand: option.brand }));
      choice.append(radio, label);
    }
    if (this.#brandOptions.length > 1) this.#showBrand(this.#brandOptions.map((option) => option.brand));
  }

  /** Redraws every field's state from the engine (after submit, or everything after a selection). */
  #redraw(whole = false) {
    const view = this.#call({ op: "form.view", form: this.#number });
    if (whole) {
      this.#draw(view);
      return;
    }
    this.#view = view;
    for (const field of view.fields) {
      const entry = this.#fields.get(field.id);
      if (!entry) continue;
      writeText(entry.control, field.text);
      this.#showState(entry, field);
    }
  }

  #announce(text) {
    if (!this.#live || !text) return;
    this.#live.textContent = "";
    this.#live.textContent = text;
  }

  #emit(type, detail) {
    emit(this, this.#element, type, detail);
  }
}

/** Whether two co-badge choices (and their chosen brands) are the same. */
function sameOptions(options, others, chosen, otherChosen) {
  return chosen === otherChosen && options.length === others.length
    && options.every((option, index) => option.brand === others[index].brand && option.paymentProductId === others[index].paymentProductId);
}

/** Removes the listeners `#listen` added (`[target, type, listener]` each). */
function unlisten(listeners) {
  for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
}
