import { ScheduleBody, type ScheduleSlot } from '@aura/contracts';

/** the most fasce she may publish (the API's limit) */
export const SCHEDULE_MAX_SLOTS = 28;

/** What is wrong with her schedule before it is sent, in Italian; null when the API will take it. */
export function scheduleProblem(slots: ScheduleSlot[]): string | null {
  if (slots.some((slot) => !/^\d{2}:\d{2}$/.test(slot.from) || !/^\d{2}:\d{2}$/.test(slot.to)))
    return 'Indica inizio e fine di ogni fascia (HH:MM)';
  if (slots.some((slot) => slot.to <= slot.from)) return "L'orario di fine deve seguire quello di inizio";
  const parsed = ScheduleBody.safeParse({ slots });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Orari non validi');
}
