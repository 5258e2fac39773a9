import { describe, expect, it } from '@jest/globals';
import { welcomeMinutesLine } from './welcome-minutes';

describe('what the welcome auracoin buy with her', () => {
  it('says the minutes of private at her rate, or that they do not cover her minimum', () => {
    expect(welcomeMinutesLine(2)).toBe('I 10 auracoin di benvenuto valgono 5 minuti di videochat privata con lei');
    expect(welcomeMinutesLine(1.5)).toBe('I 10 auracoin di benvenuto valgono 6 minuti di videochat privata con lei');
    expect(welcomeMinutesLine(2.5)).toBe(
      'I 10 auracoin di benvenuto non coprono il minimo di 5 minuti con lei (12,5 auracoin)',
    );
  });
});
