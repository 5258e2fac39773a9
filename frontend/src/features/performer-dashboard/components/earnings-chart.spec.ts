import { describe, expect, it } from '@jest/globals';
import { niceMax } from './earnings-chart';

describe('earnings chart axis', () => {
  it('rounds the maximum up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(10);
    expect(niceMax(0.4)).toBe(0.5);
    expect(niceMax(5.5)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(500);
  });
});
