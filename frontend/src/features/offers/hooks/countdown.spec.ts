import { describe, expect, it } from '@jest/globals';
import { formatCountdown, secondsLeft } from './countdown';

describe('offer countdown', () => {
  it('counts whole seconds to the end, never below zero', () => {
    const now = Date.parse('2026-11-20T10:00:00.000Z');
    expect(secondsLeft('2026-11-20T12:00:00.000Z', now)).toBe(7200);
    expect(secondsLeft('2026-11-20T10:00:00.900Z', now)).toBe(0);
    expect(secondsLeft('2026-11-20T09:00:00.000Z', now)).toBe(0);
  });

  it('shows hours, minutes and seconds', () => {
    expect(formatCountdown(7384)).toBe('02:03:04');
    expect(formatCountdown(0)).toBe('00:00:00');
  });
});
