/**
 * A tyre size the way a counter hand types it: '2656517', '265/65R17', '265 65 17', '265/65R17 112H',
 * 'LT265/75R16', '265/65/17', '26565R17', or only the start of one ('265', '265/65').
 * Pure: shared by the tyre page's search box and the server.
 */
export interface TyreSize {
  readonly prefix: 'LT' | 'P' | null;
  readonly width: number;
  readonly profile: number | null;
  readonly diameter: number | null;
  /** '112' or, for light-truck dual ratings, '121/118'. */
  readonly loadRating: string | null;
  readonly speedRating: string | null;
}

const SIZE =
  /^(LT|P)?(\d{3})(?:[/\s-]*(\d{2})(?:[/\s-]*(?:Z?R|D|B)?[/\s-]*(\d{2})(?:\s*(\d{2,3}(?:\/\d{2,3})?)\s*([A-Z]|\(Y\)))?)?)?(?:\s*(?:LT|XL|C|RF|RFT))?$/;

const SPEED_RATINGS = new Set(['J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y', '(Y)', 'Z']);

/** A speed rating a tyre can carry ('H', '(Y)'). */
export function isSpeedRating(text: string): boolean {
  return SPEED_RATINGS.has(text);
}

function isWidth(value: number): boolean {
  return value >= 125 && value <= 395 && value % 5 === 0;
}

function isProfile(value: number): boolean {
  return value >= 25 && value <= 90 && value % 5 === 0;
}

function isDiameter(value: number): boolean {
  return value >= 10 && value <= 26;
}

/** Reads a typed tyre size; null when the text is not (the start of) a metric tyre size. */
export function parseTyreSize(input: string): TyreSize | null {
  const text = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const match = SIZE.exec(text);
  if (!match) return null;
  const [, prefix, widthText, profileText, diameterText, loadText, speedText] = match;
  const width = Number(widthText);
  const profile = profileText === undefined ? null : Number(profileText);
  const diameter = diameterText === undefined ? null : Number(diameterText);
  if (!isWidth(width)) return null;
  if (profile !== null && !isProfile(profile)) return null;
  if (diameter !== null && !isDiameter(diameter)) return null;
  if (speedText !== undefined && !SPEED_RATINGS.has(speedText)) return null;
  return {
    prefix: prefix === 'LT' || prefix === 'P' ? prefix : null,
    width,
    profile,
    diameter,
    loadRating: loadText ?? null,
    speedRating: speedText ?? null,
  };
}

/** '265/65R17', 'LT265/75R16', '265/65R17 112H': the canonical spelling of a size, or of as much of it as is known. */
export function formatTyreSize(size: {
  readonly prefix?: TyreSize['prefix'];
  readonly width: number | null;
  readonly profile: number | null;
  readonly diameter: number | null;
  readonly loadRating?: string | null;
  readonly speedRating?: string | null;
}): string {
  if (size.width === null) return '';
  const profile = size.profile === null ? '' : `/${size.profile}`;
  const diameter = size.diameter === null ? '' : `R${size.diameter}`;
  const base = `${size.prefix ?? ''}${size.width}${profile}${diameter}`;
  return size.loadRating && size.speedRating ? `${base} ${size.loadRating}${size.speedRating}` : base;
}
