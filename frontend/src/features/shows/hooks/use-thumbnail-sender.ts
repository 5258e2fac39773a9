import { useEffect } from 'react';
import { call } from '../../../lib/api';

/** how often her browser sends a frame of her live show (issue 40: the gallery's live thumbnails) */
export const THUMBNAIL_EVERY_MS = 15_000;
/** the first one, once her stream runs */
const FIRST_AFTER_MS = 2_000;
const WIDTH = 480;
/** the server takes at most 200 kB: the quality steps down until a frame fits */
const MAX_BYTES = 200_000;
const QUALITIES = [0.75, 0.5, 0.3];

/** One frame of `stream` as a JPEG at most 480 px wide, or null when the camera gives none yet. */
export async function captureJpeg(stream: MediaStream): Promise<Blob | null> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    if (video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = Math.min(WIDTH, video.videoWidth);
    canvas.height = Math.round((canvas.width / video.videoWidth) * video.videoHeight);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= MAX_BYTES) return blob;
    }
    return null;
  } finally {
    video.pause();
    video.srcObject = null;
  }
}

/**
 * While her show is live, a frame of her stream every 15 s to PUT /api/shows/{id}/thumbnail: what
 * the gallery's card and the landing's 'Live adesso' row show. Nothing while she is in a private
 * (the show is paused: `live` is false) and nothing once it ended.
 */
export function useThumbnailSender(showId: string | null, stream: MediaStream | null, live: boolean) {
  useEffect(() => {
    if (!showId || !stream || !live) return;
    let stopped = false;
    const send = async () => {
      const frame = await captureJpeg(stream).catch(() => null);
      if (!frame || stopped) return;
      // a frame lost (a network blip, the show just ended) is replaced by the next one
      await call('putShowThumbnail', { params: { id: showId }, body: frame }).catch(() => undefined);
    };
    const first = setTimeout(() => void send(), FIRST_AFTER_MS);
    const every = setInterval(() => void send(), THUMBNAIL_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    };
  }, [showId, stream, live]);
}
