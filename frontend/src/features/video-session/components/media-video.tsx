import { useEffect, useRef } from 'react';
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export interface MediaVideoProps extends Omit<HTMLChakraProps<'video'>, 'children'> {
  stream: MediaStream | null;
  /** this side's own camera: never heard, mirrored like a mirror */
  self?: boolean;
  /** the first frame plays (the photo in front of it can go) */
  onPlaying?: () => void;
  /** the browser refused to play sound without a click: it plays muted and says so */
  onMutedAutoplay?: () => void;
}

/**
 * A <video> showing a MediaStream. A remote stream plays with its sound when the browser allows
 * it, else muted (the page then offers to switch the sound on).
 */
export function MediaVideo({ stream, self = false, onPlaying, onMutedAutoplay, ...props }: MediaVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (!stream) return;
    video.muted = self;
    void video.play().catch(() => {
      if (self || !video.isConnected) return;
      video.muted = true;
      onMutedAutoplay?.();
      void video.play().catch(() => undefined);
    });
  }, [stream, self, onMutedAutoplay]);
  return (
    <chakra.video
      ref={ref}
      autoPlay
      playsInline
      muted={self}
      onPlaying={onPlaying}
      transform={self ? 'scaleX(-1)' : undefined}
      objectFit="cover"
      width="100%"
      height="100%"
      bg="black"
      {...props}
    />
  );
}
