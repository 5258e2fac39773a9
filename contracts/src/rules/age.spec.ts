import { ageOn } from './age';

describe('ageOn', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('counts a birthday reached this year', () => {
    expect(ageOn('2008-03-10', on('2026-03-10'))).toBe(18);
  });

  it('does not count a birthday one day away', () => {
    expect(ageOn('2008-03-10', on('2026-03-09'))).toBe(17);
  });

  it('does not count a birthday later in the year', () => {
    expect(ageOn('2008-11-21', on('2026-11-20'))).toBe(17);
    expect(ageOn('2008-11-20', on('2026-11-20'))).toBe(18);
  });

  it('accepts full ISO timestamps', () => {
    expect(ageOn('1990-01-01T00:00:00.000Z', on('2026-11-20'))).toBe(36);
  });
});
