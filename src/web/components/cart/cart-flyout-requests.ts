type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * Asks the header's cart flyout to open, as its cart button does, from a page that has just filled the cart (a
 * reorder). The flyout listens while it is mounted; without one (a staff screen) the request does nothing.
 */
export function requestCartFlyout(): void {
  for (const listener of [...listeners]) listener();
}

/** The flyout's side: called on every request until the returned function is called. */
export function onCartFlyoutRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
