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

/** A size as a vehicle runs it: width, profile and rim, with no prefix or rating. */
export interface FittedSize {
  readonly width: number;
  readonly profile: number;
  readonly diameter: number;
}

/** One fitment of a vehicle: the same size all round, or a staggered front and rear. */
export interface TyreFitment {
  readonly front: FittedSize;
  /** Set for staggered fitments only. */
  readonly rear: FittedSize | null;
}

/**
 * A vehicle's sizes as one line: fitments apart by spaces, a staggered one as 'F front R rear'
 * ('265/65R17 265/60R18', 'F 245/40R19 R 275/35R19'). An LT or P prefix is read and dropped: a vehicle's sizes are
 * searched by width, profile and rim. Answers the fitments, or the first word that is not one.
 */
export function parseTyreFitments(text: string): { fitments: TyreFitment[] } | { unreadable: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const fitments: TyreFitment[] = [];
  const sizeAt = (index: number): FittedSize | null => {
    const size = parseTyreSize(words[index] ?? '');
    if (!size || size.profile === null || size.diameter === null || size.loadRating !== null) return null;
    return { width: size.width, profile: size.profile, diameter: size.diameter };
  };
  for (let index = 0; index < words.length;) {
    const word = words[index] as string;
    if (word.toUpperCase() === 'F') {
      const front = sizeAt(index + 1);
      if (!front) return { unreadable: `${word} ${words[index + 1] ?? ''}`.trim() };
      const rear = words[index + 2]?.toUpperCase() === 'R' ? sizeAt(index + 3) : null;
      if (!rear) return { unreadable: words.slice(index, index + 4).join(' ') };
      fitments.push({ front, rear });
      index += 4;
    } else {
      const front = sizeAt(index);
      if (!front) return { unreadable: word };
      fitments.push({ front, rear: null });
      index += 1;
    }
  }
  return { fitments };
}
