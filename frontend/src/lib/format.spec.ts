import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  endOfWeek,
  formatElapsed,
  formatMessagePrice,
  initialsOf,
  mondayBasedWeekday,
  parseAuracoin,
  startOfWeek,
  weekdayNames,
} from './format';

/** Numbers and money: contracts/src/format.spec.ts (the one formatter both tiers use). */
describe('Italian formatting', () => {
  it('prices a chat message, free at 0', () => {
    expect(formatMessagePrice(1.5)).toBe('1,5 auracoin/messaggio');
    expect(formatMessagePrice(0)).toBe('Messaggi gratuiti');
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

  it('reads an amount typed with a comma or a point, and nothing else as a number', () => {
    expect(parseAuracoin('12,5')).toBe(12.5);
    expect(parseAuracoin(' 12.5 ')).toBe(12.5);
    expect(parseAuracoin(4)).toBe(4);
    expect(parseAuracoin('dieci')).toBeNaN();
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

/**
 * Every number a person reads goes through the one it-IT formatter (contracts/src/format.ts):
 * nothing under src/ formats by hand. The avatar menu's "€ 0.00 guadagnati" is the spec's literal
 * wording (docs/product.md#routes) and stays as written.
 */
describe('no hand-made number formatting', () => {
  const srcDir = path.join(__dirname, '..');
  const SPEC_LITERAL = path.join('components', 'layout', 'performer-menu.tsx');
  const handMade: [string, RegExp][] = [
    ['toFixed', /\.toFixed\(/],
    ['toLocaleString', /\.toLocaleString\(/],
    ['its own Intl.NumberFormat', /new Intl\.NumberFormat\(/],
    ['"€ " before a number', /€\s*\{|`€ \$\{|'€ ' *\+/],
    ['"€" glued after a number', /\}€/],
    ['a hand-made KB/MB size', /\/ 1024\b/],
  ];
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [full] : [];
    });
  }

  it('finds no toFixed, no "€ " + number, no size arithmetic outside the formatter', () => {
    const found: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const relative = path.relative(srcDir, file);
      if (relative === SPEC_LITERAL) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [what, pattern] of handMade)
            if (pattern.test(line)) found.push(`${relative}:${index + 1} ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
