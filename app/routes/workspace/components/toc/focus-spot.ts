/**
 * Where the focus is inside a list whose elements are about to be replaced by new ones that show the same items
 * (the plain list by its drag-and-drop version), so that it can be put back on the same control. Without this, a
 * person who tapped a field before the swap loses it, and a phone closes its keyboard.
 */
export type FocusSpot = {
  container: Element;
  /** The list's place among its container's children, where its replacement will stand. */
  listIndex: number;
  itemIndex: number;
  /** What the control is, by the attributes both versions render alike, and which of its kind in the item. */
  signature: string;
  ordinal: number;
  selection: { start: number; end: number; direction: "forward" | "backward" | "none" } | null;
};

const SIGNATURE_ATTRIBUTES = ["id", "name", "type", "value", "href", "aria-label"];

function signatureOf(element: Element) {
  return [element.tagName, ...SIGNATURE_ATTRIBUTES.map((name) => element.getAttribute(name) ?? "")].join("\u0000");
}

function sameKindIn(item: Element, signature: string) {
  return Array.from(item.querySelectorAll("*")).filter((element) => signatureOf(element) === signature);
}

function selectionOf(element: Element): FocusSpot["selection"] {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  // Null for inputs without a selection, such as checkboxes.
  if (element.selectionStart === null || element.selectionEnd === null) return null;
  return { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection ?? "none" };
}

/** The focused control's spot in the list, or null when the focus is elsewhere. */
export function focusSpotIn(list: Element | null): FocusSpot | null {
  const focused = document.activeElement;
  const container = list?.parentElement;
  if (!list || !container || !focused || focused === list || !list.contains(focused)) return null;
  const item = focused.closest("li");
  if (!item || item.parentElement !== list) return null;
  const signature = signatureOf(focused);
  return {
    container,
    listIndex: Array.from(container.children).indexOf(list),
    itemIndex: Array.from(list.children).indexOf(item),
    signature,
    ordinal: sameKindIn(item, signature).indexOf(focused),
    selection: selectionOf(focused),
  };
}

/** Puts the focus back on the same control in the list that now stands in the old one's place, if it was lost. */
export function restoreFocusSpot(spot: FocusSpot) {
  // Focus that moved on in the meantime is the person's own doing: it stays where they put it.
  if (document.activeElement && document.activeElement !== document.body) return;
  const item = spot.container.children[spot.listIndex]?.children[spot.itemIndex];
  const control = item ? sameKindIn(item, spot.signature)[spot.ordinal] : undefined;
  if (!(control instanceof HTMLElement)) return;
  control.focus({ preventScroll: true });
  if (spot.selection && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement))
    control.setSelectionRange(spot.selection.start, spot.selection.end, spot.selection.direction);
}
