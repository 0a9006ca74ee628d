interface ReloadingCatalogue {
  health(): { readonly reloads: number };
}

/**
 * Waits for the catalogue's reloads to pass `count` (or `withinMs`), then answers them, after long enough for a
 * second reload to have started, were there one.
 */
export async function catalogueReloadsAfter(
  catalogue: ReloadingCatalogue,
  count: number,
  withinMs = 5_000,
): Promise<number> {
  const deadline = Date.now() + withinMs;
  while (catalogue.health().reloads <= count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return catalogue.health().reloads;
}
