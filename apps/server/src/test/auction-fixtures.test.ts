import { isValidIdNumber } from '@antique/shared';
import { describe, expect, it } from 'vitest';
import { idNumber } from './auction-fixtures.js';

describe('auction fixtures', () => {
  it('make ID numbers the real-name check accepts', () => {
    for (let i = 0; i < 50; i++) expect(isValidIdNumber(idNumber())).toBe(true);
  });
});
