/**
 * Whether a key press is one of the shop's single-key shortcuts ('/' for the search box, 'c' for the cart) rather
 * than typing: no modifier held, not handled already, and not in a field that takes the key as text. A box for
 * numbers (inputMode numeric: the counter's quantity boxes) takes no letters or '/', so there the key is a shortcut,
 * and the counter goes on from the line just added without leaving the keyboard.
 */
export function isShortcutKey(event: KeyboardEvent, key: string): boolean {
  if (event.key.toLowerCase() !== key || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
    return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return false;
  return target.tagName !== 'INPUT' || target.inputMode === 'numeric';
}
