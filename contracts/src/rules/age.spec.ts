import { ageOn, birthDateProblem, isCalendarDate } from './age';

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

describe('birthDateProblem', () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('refuses a date after today in Italian, never a negative age', () => {
    expect(birthDateProblem('2026-11-21', now)).toBe('La data di nascita non può essere nel futuro');
    expect(birthDateProblem('2031-01-01', now)).toBe('La data di nascita non può essere nel futuro');
  });

  it('takes today and any past day', () => {
    expect(birthDateProblem('2026-11-20', now)).toBeNull();
    expect(birthDateProblem('1990-03-05', now)).toBeNull();
  });

  it('refuses days that do not exist and text that is not a date', () => {
    expect(isCalendarDate('1990-02-29')).toBe(false);
    expect(isCalendarDate('1992-02-29')).toBe(true);
    expect(birthDateProblem('1990-02-30', now)).toBe('Inserisci una data di nascita valida (gg/mm/aaaa)');
    expect(birthDateProblem('05/03/1990', now)).toBe('Inserisci una data di nascita valida (gg/mm/aaaa)');
    expect(birthDateProblem('', now)).toBe('Inserisci una data di nascita valida (gg/mm/aaaa)');
  });
});
