import type { SessionView } from '@aura/contracts';

/** Is the session still open (waiting for her answer, or running)? */
export const isOpen = (view: Pick<SessionView, 'status'>) => view.status === 'requested' || view.status === 'active';

/**
 * The open-sessions list after a party learnt a session's state: an open one replaces its older
 * copy (or joins the list, oldest request first), a closed one leaves it. Pure; undefined stays
 * undefined (nothing fetched yet: the next fetch tells).
 */
export function withSession(list: SessionView[] | undefined, view: SessionView): SessionView[] | undefined {
  if (!list) return list;
  const others = list.filter((session) => session.id !== view.id);
  if (!isOpen(view)) return others.length === list.length ? list : others;
  const known = list.find((session) => session.id === view.id);
  if (known && !isNewer(view, known)) return list;
  return [...others, view].sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}

const RANK: Record<SessionView['status'], number> = { requested: 0, active: 1, declined: 2, expired: 2, ended: 2 };

/** A push may overtake an answer: keep the later state (status first, then minutes billed). */
export function isNewer(next: SessionView, current: SessionView): boolean {
  if (RANK[next.status] !== RANK[current.status]) return RANK[next.status] > RANK[current.status];
  return next.minutesBilled >= current.minutesBilled;
}
