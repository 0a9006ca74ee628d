import { describe, expect, it } from 'vitest';
import { imageSrc, imageSrcSet } from '../../src/web/components/catalogue/catalogue-image-src';

describe('catalogue image addresses', () => {
  it('go through /image with url, w and the default quality 75', () => {
    expect(imageSrc('/images/catalogue/tyres/a b.png', 256)).toBe(
      '/image?url=%2Fimages%2Fcatalogue%2Ftyres%2Fa+b.png&w=256&q=75',
    );
  });

  it("offer SPEC.md §9's widths up to twice the shown width, and one above", () => {
    const { src, srcSet } = imageSrcSet('/images/x.png', 160);
    const widths = srcSet.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));
    expect(widths).toEqual([16, 32, 48, 64, 96, 128, 256, 384]);
    expect(src).toContain('w=256');
    expect(imageSrcSet('/images/x.png', 352).srcSet.split(', ').at(-1)).toMatch(/w=750&q=75 750w$/);
  });
});
