/**
 * Where the customer already is: in a field, or in an open menu or dialog. Content can arrive a while after the click
 * that asked for it (a page after its data, a receipt after the server's answer); taking the focus then from an
 * account menu opened meanwhile would close the menu under the pointer.
 */
const FOCUS_IN_USE =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]';

/**
 * Moves the focus to content that has just arrived, unless the customer is already somewhere else (content arriving
 * inside the open dialog the focus is in takes it); true when it moved.
 */
export function focusOnArrival(element: HTMLElement | null): boolean {
  if (!element) return false;
  const inUse = document.activeElement?.closest(FOCUS_IN_USE);
  if (inUse && !inUse.contains(element)) return false;
  element.focus();
  return true;
}
