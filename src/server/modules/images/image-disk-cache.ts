import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Resized pictures under one directory, at most `maxBytes` of them: the least recently used go first. The index of
 * files and sizes lives in memory, read from the directory at first use (oldest modified first).
 */
export class ImageDiskCache {
  /** File name → size, in order of last use (oldest first). */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly directory: string,
    private readonly maxBytes: number,
  ) {}

  async read(name: string): Promise<Buffer | null> {
    await this.load();
    const size = this.files.get(name);
    if (size === undefined) return null;
    const image = await readFile(path.join(this.directory, name)).catch(() => null);
    if (!image) {
      this.forget(name);
      return null;
    }
    this.files.delete(name);
    this.files.set(name, size);
    return image;
  }

  async write(name: string, image: Buffer): Promise<void> {
    await this.load();
    if (image.length > this.maxBytes) return;
    await mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, name);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, image);
    await rename(temporary, file);
    this.forget(name);
    this.files.set(name, image.length);
    this.bytes += image.length;
    await this.evict();
  }

  /** What the cache holds now, for tests and logs. */
  get size(): { files: number; bytes: number } {
    return { files: this.files.size, bytes: this.bytes };
  }

  private forget(name: string): void {
    const size = this.files.get(name);
    if (size === undefined) return;
    this.files.delete(name);
    this.bytes -= size;
  }

  private async evict(): Promise<void> {
    for (const [name] of this.files) {
      if (this.bytes <= this.maxBytes) return;
      this.forget(name);
      await unlink(path.join(this.directory, name)).catch(() => undefined);
    }
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      if (!existsSync(this.directory)) return;
      const names = (await readdir(this.directory)).filter((name) => !name.endsWith('.tmp'));
      const entries = await Promise.all(
        names.map(async (name) => ({ name, info: await stat(path.join(this.directory, name)).catch(() => null) })),
      );
      const found = entries.flatMap(({ name, info }) =>
        info?.isFile() ? [{ name, size: info.size, at: info.mtimeMs }] : [],
      );
      for (const { name, size } of found.sort((a, b) => a.at - b.at)) {
        this.files.set(name, size);
        this.bytes += size;
      }
      await this.evict();
    })();
    return this.loaded;
  }
}
