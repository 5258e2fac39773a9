import { describe, expect, it } from '@jest/globals';
import { activeFilterCount, activeFilterLabel, EMPTY_FILTERS } from './filter-options';

describe('gallery filter badge', () => {
  it('counts each chosen attribute and each chosen special feature', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ category: 'VIP', specialFeatures: [] })).toBe(1);
    expect(activeFilterCount({ category: 'VIP', eyeColor: 'Verdi', specialFeatures: ['Tatuaggi', 'Piercing'] })).toBe(
      4,
    );
    expect(activeFilterCount({ category: '', specialFeatures: [] })).toBe(0);
  });

  it("reads 'attivo' for one and 'attivi' otherwise", () => {
    expect(activeFilterLabel(1)).toBe('1 attivo');
    expect(activeFilterLabel(2)).toBe('2 attivi');
  });
});
