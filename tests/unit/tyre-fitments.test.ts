import { describe, expect, it } from 'vitest';
import { parseTyreFitments } from '../../src/domain/tyre-size';

const size = (width: number, profile: number, diameter: number) => ({ width, profile, diameter });

/** A vehicle's original tyre sizes as the vehicles import gives them: fitments apart by spaces, staggered as F … R …. */
describe('parseTyreFitments', () => {
  it('reads sizes all round, dropping an LT or P prefix, in any case', () => {
    expect(parseTyreFitments(' 265/65R17  lt265/75r16 P215/60R16 ')).toEqual({
      fitments: [
        { front: size(265, 65, 17), rear: null },
        { front: size(265, 75, 16), rear: null },
        { front: size(215, 60, 16), rear: null },
      ],
    });
  });

  it('reads a staggered fitment as front and rear', () => {
    expect(parseTyreFitments('F 245/40R19 R 275/35R19 225/45R18')).toEqual({
      fitments: [
        { front: size(245, 40, 19), rear: size(275, 35, 19) },
        { front: size(225, 45, 18), rear: null },
      ],
    });
    expect(parseTyreFitments('f 245/40R19 r 275/35R19')).toEqual({
      fitments: [{ front: size(245, 40, 19), rear: size(275, 35, 19) }],
    });
  });

  it('reads nothing as no fitments', () => {
    expect(parseTyreFitments('')).toEqual({ fitments: [] });
    expect(parseTyreFitments('   ')).toEqual({ fitments: [] });
  });

  it('names the first word that is not a whole size without ratings', () => {
    expect(parseTyreFitments('265/65R17 265/65')).toEqual({ unreadable: '265/65' });
    expect(parseTyreFitments('265/65R17 112H')).toEqual({ unreadable: '112H' });
    expect(parseTyreFitments('265/65R17112H')).toEqual({ unreadable: '265/65R17112H' });
    expect(parseTyreFitments('wide')).toEqual({ unreadable: 'wide' });
  });

  it('names a staggered fitment that lacks its front or its rear', () => {
    expect(parseTyreFitments('F')).toEqual({ unreadable: 'F' });
    expect(parseTyreFitments('F 245/40')).toEqual({ unreadable: 'F 245/40' });
    expect(parseTyreFitments('F 245/40R19')).toEqual({ unreadable: 'F 245/40R19' });
    expect(parseTyreFitments('F 245/40R19 275/35R19')).toEqual({ unreadable: 'F 245/40R19 275/35R19' });
    expect(parseTyreFitments('F 245/40R19 R 275/35 225/45R18')).toEqual({ unreadable: 'F 245/40R19 R 275/35' });
    expect(parseTyreFitments('F 245/40 R 275/35R19')).toEqual({ unreadable: 'F 245/40' });
    expect(parseTyreFitments('F 245/40R19 X 275/35R19')).toEqual({ unreadable: 'F 245/40R19 X 275/35R19' });
  });
});
