import { describe, expect, it } from '@jest/globals';
import { scheduleProblem, SCHEDULE_MAX_SLOTS } from './schedule-slots';

describe('scheduleProblem', () => {
  it('takes an empty schedule and well-formed fasce', () => {
    expect(scheduleProblem([])).toBeNull();
    expect(
      scheduleProblem([
        { day: 0, from: '20:00', to: '23:30' },
        { day: 6, from: '09:00', to: '12:00' },
      ]),
    ).toBeNull();
  });

  it('refuses a fascia that ends before it starts, or with an hour missing', () => {
    expect(scheduleProblem([{ day: 2, from: '22:00', to: '21:00' }])).toBe(
      "L'orario di fine deve seguire quello di inizio",
    );
    expect(scheduleProblem([{ day: 2, from: '22:00', to: '22:00' }])).toBe(
      "L'orario di fine deve seguire quello di inizio",
    );
    expect(scheduleProblem([{ day: 2, from: '', to: '22:00' }])).toBe('Indica inizio e fine di ogni fascia (HH:MM)');
  });

  it('refuses more fasce than the API takes', () => {
    const many = Array.from({ length: SCHEDULE_MAX_SLOTS + 1 }, (_, index) => ({
      day: index % 7,
      from: '10:00',
      to: '11:00',
    }));
    expect(scheduleProblem(many)).not.toBeNull();
    expect(scheduleProblem(many.slice(0, SCHEDULE_MAX_SLOTS))).toBeNull();
  });
});
