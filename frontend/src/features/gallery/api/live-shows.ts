import { useLiveShowsFollowed } from '../../../lib/live-shows';

/** A performer's show on now, as her card and dialog show it. */
export interface LiveShowBadge {
  showId: string;
  status: 'live' | 'paused' | 'ended';
  viewerCount: number;
  /** the latest frame of her live show, if her browser sent one lately */
  thumbnailUrl: string | null;
}

/** The shows on now, by performer: 'In onda' on cards and dialogs, the gallery's 'In onda' filter; fetched again when one starts or ends. */
export function useLiveShowBadges(): Map<string, LiveShowBadge> {
  const live = useLiveShowsFollowed();
  return new Map(
    (live.data ?? []).map((show) => [
      show.performerId,
      { showId: show.id, status: show.status, viewerCount: show.viewerCount, thumbnailUrl: show.thumbnailUrl },
    ]),
  );
}
