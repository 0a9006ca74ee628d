import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationBarMachine } from '../../machines/notification-bar';
import { PICTURES_DIR, checkPictures, expectedPictures } from '../../scripts/draw-machines';
import { renderMachinePicture } from '../../scripts/machine-picture';

describe('statechart pictures (docs/machines/)', () => {
  let copy: string | null = null;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = null;
  });

  it('holds a current picture of every machine (npm run machines:draw regenerates them)', async () => {
    expect(await checkPictures()).toEqual({ stale: [], missing: [], extra: [] });
  }, 30_000);

  it('are all embedded in docs/architecture.md', async () => {
    const architecture = readFileSync(path.join(PICTURES_DIR, '..', 'architecture.md'), 'utf8');
    for (const file of (await expectedPictures()).keys()) expect(architecture).toContain(`(machines/${file})`);
  }, 30_000);

  it('notices a stale, a missing and an unknown picture', async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'machine-pictures-'));
    cpSync(PICTURES_DIR, copy, { recursive: true });
    const picture = path.join(copy, 'notification-bar.svg');
    writeFileSync(picture, readFileSync(picture, 'utf8').replace('bar.pause', 'bar.stop'));
    rmSync(path.join(copy, 'session.svg'));
    writeFileSync(path.join(copy, 'retired-machine.svg'), '<svg/>');
    expect(await checkPictures(copy)).toEqual({
      stale: ['notification-bar.svg'],
      missing: ['session.svg'],
      extra: ['retired-machine.svg'],
    });
  }, 30_000);

  it('draws states, nested states, events, guards and delays, the same bytes every time', async () => {
    const svg = await renderMachinePicture(notificationBarMachine);
    expect(await renderMachinePicture(notificationBarMachine)).toBe(svg);
    for (const state of ['deciding', 'empty', 'showing', 'showing.cycling', 'showing.paused']) {
      expect(svg).toContain(`data-state="${state}"`);
    }
    expect(svg).toContain('>after displayDuration [hasSeveral]</text>');
    expect(svg).toContain('>always [hasAny]</text>');
    expect(svg).toContain('>bar.pause</text>');
  }, 30_000);
});
