import { useEffect, useRef } from 'react';

/** Plays a show's stream (hers in the preview, or the viewer's): muted autoplay, inline on phones. */
export function ShowVideo({ stream, label }: { stream: MediaStream | null; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      aria-label={label}
      data-testid="show-video"
      autoPlay
      muted
      playsInline
      style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
    />
  );
}
