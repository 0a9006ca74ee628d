import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadMachines, machineSlug } from './machine-structure';
import { renderMachinePicture } from './machine-picture';

export const PICTURES_DIR = path.resolve(import.meta.dirname, '..', 'docs', 'machines');

export interface PictureCheck {
  readonly stale: readonly string[];
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

/** The SVG every machine in machines/ should have, by file name (docs/machines/<machine-id>.svg). */
export async function expectedPictures(): Promise<Map<string, string>> {
  const pictures = new Map<string, string>();
  for (const { machine } of await loadMachines()) {
    pictures.set(`${machineSlug(machine.id)}.svg`, await renderMachinePicture(machine));
  }
  return pictures;
}

function existingPictures(directory: string): string[] {
  try {
    return readdirSync(directory).filter((file) => file.endsWith('.svg'));
  } catch {
    return [];
  }
}

/** Compares docs/machines/ with what the machines draw now. */
export async function checkPictures(directory = PICTURES_DIR): Promise<PictureCheck> {
  const expected = await expectedPictures();
  const existing = new Set(existingPictures(directory));
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [file, svg] of expected) {
    if (!existing.has(file)) missing.push(file);
    else if (readFileSync(path.join(directory, file), 'utf8') !== svg) stale.push(file);
  }
  const extra = [...existing].filter((file) => !expected.has(file));
  return { stale, missing, extra };
}

export async function writePictures(directory = PICTURES_DIR): Promise<string[]> {
  const expected = await expectedPictures();
  mkdirSync(directory, { recursive: true });
  for (const file of existingPictures(directory)) {
    if (!expected.has(file)) rmSync(path.join(directory, file));
  }
  for (const [file, svg] of expected) writeFileSync(path.join(directory, file), svg);
  return [...expected.keys()];
}

async function main(argv: readonly string[]): Promise<number> {
  const relative = path.relative(process.cwd(), PICTURES_DIR);
  if (argv.includes('--check')) {
    const { stale, missing, extra } = await checkPictures();
    const problems = [
      ...stale.map((file) => `stale:   ${relative}/${file}`),
      ...missing.map((file) => `missing: ${relative}/${file}`),
      ...extra.map((file) => `extra:   ${relative}/${file} (no machine draws it)`),
    ];
    if (problems.length === 0) {
      console.log(`Statechart pictures in ${relative} are current.`);
      return 0;
    }
    console.error(
      `Statechart pictures out of date (run \`npm run machines:draw\` and commit):\n${problems.join('\n')}`,
    );
    return 1;
  }
  const written = await writePictures();
  for (const file of written) console.log(`wrote ${relative}/${file}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
