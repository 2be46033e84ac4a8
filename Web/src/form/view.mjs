// Drawing: the DOM of a form from the engine's view (fields, the accounts on file, the co-badge
// choice, the brand badge, the accepted cards). Nothing here listens or decides; the form
// (payment-form.mjs) wires the listeners and the engine decides what is shown.

/** Fields whose text reads left to right whatever the page's direction: numbers, dates, an IBAN. */
const LEFT_TO_RIGHT = new Set(["cardNumber", "expiryDate", "cvv", "iban"]);

/** The `autocomplete` tokens of the card fields, so the browser's card autofill fills them. */
const AUTOCOMPLETE = { cardNumber: "cc-number", expiryDate: "cc-exp", cvv: "cc-csc", cardholderName: "cc-name", emailAddress: "email" };
/** `inputmode` per engine input type. */
const INPUT_MODE = { numeric: "numeric", "e-mail": "email", phone: "tel", currency: "decimal", date: "numeric", text: "text" };

const STYLESHEET_WAIT_MS = 3000;

/** Resolves when a stylesheet's link has loaded or failed, or after STYLESHEET_WAIT_MS. */
export function stylesheetSettled(link) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STYLESHEET_WAIT_MS);
    const settle = () => { clearTimeout(timer); resolve(); };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true });
  });
}

/** An element with attributes (null, undefined and false left out; true as "") and text. */
export function make(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : String(value));
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** Sets (or, with `null`, removes) an attribute when it differs from what the element has. */
export function setAttribute(element, name, value) {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** The URL of an asset `path` below the asset folder `base`, or null. */
export function assetUrl(base, path) {
  if (!path || !base) return null;
  try {
    // The asset URL is a folder: "…/assets" and "…/assets/" both take "templates/x.png" below them.
    return new URL(path, base.endsWith("/") ? base : `${base}/`).href;
  } catch {
    return null;
  }
}

/**
 * What `drawField` makes a field's elements of, as one string: its texts (label, placeholder,
 * tooltip: `writeFieldTexts`) and its state (text, state, message) left out. Two fields with the
 * same drawing share their elements when a form is drawn again (a checkbox's label, with its
 * link, is part of its drawing).
 */
export function drawingOf(field) {
  return JSON.stringify([field.id, field.inputType, field.required, field.readOnly, field.obfuscate, Boolean(field.tooltip),
    field.inputType === "boolean" ? [field.label, field.link, field.linkText] : null, field.options]);
}

/**
 * Writes a field's texts into its elements (`{control, label, tooltip}` from `drawField`): the
 * label, the placeholder (a list's empty option) and the tooltip, each only where it differs.
 */
export function writeFieldTexts({ control, label, tooltip }, field) {
  if (field.inputType !== "boolean" && label.firstChild.data !== (field.label ?? "")) label.firstChild.data = field.label ?? "";
  if (control.tagName === "SELECT") {
    const empty = control.options[0];
    if (empty.textContent !== (field.placeholder ?? "")) empty.textContent = field.placeholder ?? "";
  } else if (control.type === "text") {
    setAttribute(control, "placeholder", field.placeholder ?? null);
  }
  if (tooltip && tooltip.textContent !== field.tooltip) tooltip.textContent = field.tooltip;
}

/**
 * Shows `text` in a text input, written only when it differs (writing a focused input's value
 * lays the page out); whether `control` is a text input.
 */
export function writeText(control, text) {
  if (control.tagName !== "INPUT" || control.type !== "text") return false;
  if (control.value !== text) control.value = text;
  return true;
}

/**
 * Makes `children` the element's children in that order, moving as little as it can: a child it
 * keeps is never taken out and put back when the ones before it stay in order (a focused input
 * would lose its focus).
 */
export function placeChildren(element, children) {
  const wanted = new Set(children);
  for (const child of [...element.childNodes]) if (!wanted.has(child)) child.remove();
  children.forEach((child, index) => {
    const there = element.childNodes[index];
    if (there !== child) element.insertBefore(child, there ?? null);
  });
}

/**
 * A field's DOM: `{wrapper, control, message, brand, label, tooltip}` (`brand`: the card number's
 * badge), `id` the control's element id. The card number's row also takes `accepted`, the list of
 * accepted cards.
 */
export function drawField(field, id, accepted) {
  // Each part also has a name per field (`field-cvv`), so a page can lay fields out one by one.
  const wrapper = make("div", { class: "pf-field", part: `field field-${field.id}`, "data-field": field.id, "data-state": field.state ?? "incomplete" });
  const described = [];
  const tooltip = field.tooltip ? make("p", { class: "pf-tooltip", part: "tooltip", id: `${id}-tip` }) : null;
  if (tooltip) described.push(tooltip.id);
  const message = make("p", { class: "pf-message", part: "message", id: `${id}-msg` });
  described.push(message.id);
  let control;
  let label;
  let brand = null;
  if (field.inputType === "boolean") {
    control = make("input", { type: "checkbox", id, name: field.id, class: "pf-checkbox", part: "checkbox", "aria-describedby": described.join(" "), "aria-required": field.required ? "true" : null, disabled: field.readOnly });
    control.checked = field.text === "true";
    label = make("label", { for: id, class: "pf-label pf-checkbox-label", part: "label" });
    // The engine's view holds only absolute http(s) links (WebLink, the form model's one rule).
    const text = field.link ? make("a", { href: field.link, target: "_blank", rel: "noopener noreferrer" }, field.linkText || field.label) : null;
    label.append(field.label);
    wrapper.append(control, label);
    if (text) wrapper.append(" ", text);
  } else {
    label = make("label", { for: id, class: "pf-label", part: "label" });
    label.append(document.createTextNode("")); // the label's text (writeFieldTexts)
    if (field.required && !field.readOnly) label.append(make("span", { class: "pf-required", "aria-hidden": "true" }, " *"));
    wrapper.append(label);
    if (field.inputType === "list") {
      control = make("select", { id, name: field.id, class: "pf-select", part: "select", "aria-describedby": described.join(" "), "aria-required": field.required ? "true" : null, disabled: field.readOnly });
      control.append(make("option", { value: "" }, ""));
      for (const option of field.options) control.append(make("option", { value: option.value }, option.label));
    } else {
      control = make("input", {
        type: "text", id, name: field.id, class: field.obfuscate ? "pf-input pf-obfuscated" : "pf-input", part: `input input-${field.id}`,
        // Digits read left to right on a right-to-left page too (1111 … 4111 would reverse the groups).
        dir: LEFT_TO_RIGHT.has(field.id) || field.inputType === "numeric" || field.inputType === "date" ? "ltr" : null,
        inputmode: INPUT_MODE[field.inputType] ?? "text", autocomplete: AUTOCOMPLETE[field.id] ?? "off", spellcheck: "false",
        autocapitalize: "off", "aria-describedby": described.join(" "),
        "aria-required": field.required && !field.readOnly ? "true" : null, "aria-invalid": "false", readonly: field.readOnly,
      });
    }
    control.value = field.text ?? "";
    if (field.id === "cardNumber") {
      const row = make("div", { class: "pf-input-row", dir: "ltr" });
      brand = make("span", { class: "pf-brand", part: "brand", hidden: true });
      row.append(control, brand);
      wrapper.append(row);
      if (accepted) wrapper.append(accepted);
    } else {
      wrapper.append(control);
    }
  }
  if (tooltip) wrapper.append(tooltip);
  wrapper.append(message);
  const parts = { wrapper, control, message, brand, label, tooltip };
  writeFieldTexts(parts, field);
  return parts;
}

/**
 * The customer's accounts on file, and another card: `{fieldset, choices}`, one radio per
 * choice (`[radio, id]`, id "" for another card). `prefix` keeps element ids unique on the page.
 */
export function drawAccounts(view, prefix) {
  const fieldset = make("fieldset", { class: "pf-accounts", part: "accounts" });
  fieldset.append(make("legend", {}, view.texts.savedCard));
  const choices = [];
  for (const [id, label] of [...view.accountsOnFile.map((account) => [account.id, account.label]), ["", view.texts.otherCard]]) {
    const inputId = `${prefix}-account-${id || "none"}`;
    const radio = make("input", { type: "radio", name: `${prefix}-account`, id: inputId, value: id, part: "account-option" });
    radio.checked = (view.accountOnFile?.id ?? "") === id;
    const choice = make("div", { class: "pf-account-choice" }, null);
    choice.append(radio, make("label", { for: inputId, class: "pf-account-option" }, label));
    fieldset.append(choice);
    choices.push([radio, id]);
  }
  return { fieldset, choices };
}

/** One co-badge option: its radio and label (the brand's logo, when it has one, and its name). */
export function drawBrandOption(brand, chosen, logo, prefix) {
  const id = `${prefix}-brand-${brand.id}`;
  const radio = make("input", { type: "radio", name: `${prefix}-brand`, id, value: brand.id, part: "brand-option" });
  radio.checked = brand.id === chosen;
  const label = make("label", { for: id, class: "pf-brand-option" });
  if (logo) label.append(make("img", { src: logo, alt: "", class: "pf-brand-logo" }));
  label.append(brand.name);
  return [radio, label];
}

/**
 * The card number's badge shows `brand` (its logo, else its name), or nothing. What it showed
 * last stays in it, hidden, so a brand found again (a digit typed, deleted, typed again) shows
 * the same image element without fetching and decoding it anew; only what differs is written.
 */
export function drawBadge(badge, id, brand, logo) {
  setAttribute(badge, "data-brand", id ?? "");
  if (badge.hidden !== !brand) badge.hidden = !brand;
  if (!brand) return;
  const shown = badge.firstElementChild;
  if (logo) {
    if (shown?.tagName !== "IMG") {
      badge.replaceChildren(make("img", { src: logo, alt: brand.name, part: "brand-logo", class: "pf-brand-logo" }));
      return;
    }
    setAttribute(shown, "src", logo);
    setAttribute(shown, "alt", brand.name);
  } else if (shown?.tagName !== "SPAN") {
    badge.replaceChildren(make("span", { class: "pf-brand-name" }, brand.name));
  } else if (shown.textContent !== brand.name) {
    shown.textContent = brand.name;
  }
}

/**
 * The cards the form takes, before anything is typed (as card networks ask a co-badged form to
 * show them): a list of logos, or names where a product has none, labelled `label`. Only for a
 * form that takes more than one card product (else null); `asset` makes a logo's URL.
 */
export function drawAccepted(accepted, label, asset) {
  if (accepted.length < 2) return null;
  const list = make("ul", { class: "pf-accepted", part: "accepted-brands", "aria-label": label });
  for (const product of accepted) {
    const item = make("li", { class: "pf-accepted-item", "data-product": product.id });
    const logo = asset(product.logo);
    if (logo) item.append(make("img", { src: logo, alt: product.label, class: "pf-accepted-logo" }));
    else item.append(make("span", { class: "pf-accepted-name" }, product.label));
    list.append(item);
  }
  return list;
}

/** The accepted card the brand names stands out, the others dim; `aria-current` says which. */
export function highlightAccepted(list, brand) {
  const named = new Set((brand?.productIds ?? []).map(String));
  for (const item of list.children) {
    const current = named.size > 0 && named.has(item.dataset.product);
    setAttribute(item, "aria-current", current ? "true" : null);
    setAttribute(item, "data-dimmed", named.size > 0 && !current ? "" : null);
  }
}
