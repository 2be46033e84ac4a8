// The events a mounted form sends: each on the form (an EventTarget) and, named `payform-<type>`
// and bubbling out of the shadow root, on the element it is mounted in; `change` only when what
// it reports changed.

/** Sends `type` with `detail` on the form and, as `payform-<type>`, on its element. */
export function emit(form, element, type, detail) {
  form.dispatchEvent(new CustomEvent(type, { detail }));
  element.dispatchEvent(new CustomEvent(`payform-${type}`, { detail, bubbles: true, composed: true }));
}

/**
 * A mount's failure, said on the element as a mounted form's failures are (`payform-error`), so
 * that a page listening there hears why no form came.
 */
export function emitMountError(element, error) {
  element.dispatchEvent(new CustomEvent("payform-error", { detail: { code: error?.code ?? "error", message: String(error?.message ?? error) }, bubbles: true, composed: true }));
}

/**
 * Asks the page whether Enter in `field` may submit (`submitrequest` on the form, then
 * `payform-submitrequest` on the element; both cancelable): false when a listener prevented it.
 */
export function submitRequested(form, element, field) {
  const request = new CustomEvent("submitrequest", { detail: { field }, cancelable: true });
  return form.dispatchEvent(request)
    && element.dispatchEvent(new CustomEvent("payform-submitrequest", { detail: { field }, bubbles: true, composed: true, cancelable: true }));
}

/**
 * The `change` detail for a field's state, or null when it says nothing new: one `change` per
 * change of what it reports (a keystroke that leaves the field's state, completeness, emptiness
 * and error as they were is not one). `entry.said` keeps what was last said for the field.
 */
export function changeToSay(entry, state) {
  const change = {
    field: state.field ?? state.id, state: state.state, complete: Boolean(state.complete), empty: (state.text ?? entry.text) === "",
    errorId: state.errorId ?? null,
  };
  const said = `${change.state}|${change.complete}|${change.empty}|${change.errorId}`;
  if (entry.said === said) return null;
  entry.said = said;
  return change;
}
