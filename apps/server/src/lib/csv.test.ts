import { describe, expect, it } from 'vitest';
import { toCsv, yuan } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas, but keeps negative numbers', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x,"y"', '=HYPERLINK("evil")'],
        [yuan(-45600), null],
        ['-1+2', 3],
      ],
    );
    expect(csv).toBe('\uFEFFa,b\r\n"x,""y""","\'=HYPERLINK(""evil"")"\r\n-456.00,\r\n\'-1+2,3\r\n');
  });
});
