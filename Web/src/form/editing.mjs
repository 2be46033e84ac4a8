// What a text input's edit is in the engine's form protocol: the browser never edits a field
// itself; each `beforeinput` becomes one `edit` event (or none), and the engine answers the text
// and caret to show.

/**
 * The engine `edit` event for a `beforeinput` of `inputType` with `data` on `field`, whose input
 * holds `value` with `selection` (`[start, end]`); null when there is nothing to send (a line
 * break, formatting, history, or a deletion at an end of the text).
 */
export function editFor(field, inputType, data, value, [start, end]) {
  let edit = null;
  switch (inputType) {
    case "insertText": case "insertReplacementText": case "insertFromPaste": case "insertFromDrop": case "insertFromYank": case "insertFromPasteAsQuotation":
      edit = { event: "edit", field, selection: [start, end], insert: data ?? "" };
      break;
    case "deleteContentBackward": case "deleteByCut": case "deleteByDrag": case "deleteContent":
      edit = { event: "edit", field, selection: [start, end], delete: "backward" };
      break;
    case "deleteContentForward":
      edit = { event: "edit", field, selection: [start, end], delete: "forward" };
      break;
    case "deleteWordBackward": case "deleteSoftLineBackward": case "deleteHardLineBackward": {
      // Without a selection, the word (or everything) before the caret, as the browser would.
      const from = start !== end ? start : inputType === "deleteWordBackward" ? wordStart(value, start) : 0;
      edit = { event: "edit", field, selection: [from, end], delete: "backward" };
      break;
    }
    case "deleteWordForward": case "deleteSoftLineForward": case "deleteHardLineForward": {
      const to = start !== end ? end : inputType === "deleteWordForward" ? wordEnd(value, end) : value.length;
      edit = { event: "edit", field, selection: [start, to], delete: "forward" };
      break;
    }
    default:
      break; // line breaks, formatting, history: nothing to do in a one-line field
  }
  if (edit?.delete && edit.selection[0] === edit.selection[1]
    && ((edit.delete === "backward" && start === 0) || (edit.delete === "forward" && start === value.length))) return null;
  return edit;
}

/** Where the word before `position` starts (after spaces, slashes and dashes). */
function wordStart(text, position) {
  let index = position;
  while (index > 0 && /[\s/-]/.test(text[index - 1])) index--;
  while (index > 0 && !/[\s/-]/.test(text[index - 1])) index--;
  return index;
}

/** Where the word after `position` ends. */
function wordEnd(text, position) {
  let index = position;
  while (index < text.length && /[\s/-]/.test(text[index])) index++;
  while (index < text.length && !/[\s/-]/.test(text[index])) index++;
  return index;
}
