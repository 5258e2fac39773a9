import { describe, expect, it } from '@jest/globals';
import {
  endOfWeek,
  formatAuracoin,
  formatAuracoinLabel,
  formatElapsed,
  formatEuro,
  formatMessagePrice,
  initialsOf,
  mondayBasedWeekday,
  startOfWeek,
  weekdayNames,
} from './format';

// Intl inserts a narrow no-break space before "€"; compare on plain spaces
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('Italian formatting', () => {
  it('formats auracoin with a comma and grouping, half coins kept', () => {
    expect(formatAuracoin(10)).toBe('10');
    expect(formatAuracoin(12.5)).toBe('12,5');
    expect(formatAuracoin(1234.5)).toBe('1.234,5');
    expect(formatAuracoinLabel(0.5)).toBe('0,5 auracoin');
  });

  it('prices a chat message, free at 0', () => {
    expect(formatMessagePrice(1.5)).toBe('1,5 auracoin/messaggio');
    expect(formatMessagePrice(0)).toBe('Messaggi gratuiti');
  });

  it('formats euro with two decimals', () => {
    expect(plain(formatEuro(9.9))).toBe('9,90 €');
    expect(plain(formatEuro(1234))).toBe('1.234,00 €');
  });

  it('counts elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(75)).toBe('01:15');
    expect(formatElapsed(3600)).toBe('60:00');
  });

  it('takes the first two letters of a name, upper-cased', () => {
    expect(initialsOf('giulia')).toBe('GI');
    expect(initialsOf(' x ')).toBe('X');
  });
});

describe('weeks start on Monday', () => {
  it('numbers weekdays from Monday', () => {
    expect(mondayBasedWeekday(new Date(2025, 10, 17))).toBe(0); // Monday 17 Nov 2025
    expect(mondayBasedWeekday(new Date(2025, 10, 23))).toBe(6); // Sunday
  });

  it('finds the Monday of the week, also from a Sunday', () => {
    const sunday = new Date(2025, 10, 23, 22, 30);
    expect(startOfWeek(sunday)).toEqual(new Date(2025, 10, 17));
    expect(endOfWeek(sunday)).toEqual(new Date(2025, 10, 24));
  });

  it('lists weekday names from Monday', () => {
    const names = weekdayNames();
    expect(names[0]).toBe('lunedì');
    expect(names[6]).toBe('domenica');
  });
});
