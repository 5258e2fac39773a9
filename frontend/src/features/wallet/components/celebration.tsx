import { useEffect, useMemo, useRef } from 'react';
import { Box } from '@chakra-ui/react';
// framer-motion's DOM animation API: the installed motion-dom lacks an export the layout
// projection of `motion.*` components needs, so the element API is used (same engine).
import { animate } from 'framer-motion/dom';
import type { Celebration as CelebrationKind } from '@aura/contracts';

export const CELEBRATION_MS = 3000;

const COLOURS = ['#ff5c93', '#fbbf24', '#a78bfa', '#34d399', '#60a5fa', '#f472b6'];

interface Piece {
  id: number;
  x: number;
  y: number;
  size: number;
  colour: string;
  delay: number;
  rotate: number;
}

function pieces(kind: CelebrationKind): Piece[] {
  const count = kind === 'fireworks' ? 72 : kind === 'stars' ? 36 : 60;
  // deterministic spread (no randomness in render)
  return Array.from({ length: count }, (_, i) => {
    const a = (i * 137.508) % 360;
    const r = ((i * 53) % 100) / 100;
    return {
      id: i,
      x: kind === 'fireworks' ? Math.cos((a * Math.PI) / 180) * (120 + r * 220) : (((i * 37) % 100) - 50) * 1.1,
      y: kind === 'fireworks' ? Math.sin((a * Math.PI) / 180) * (120 + r * 220) : 0,
      size: kind === 'stars' ? 14 + r * 18 : 6 + r * 8,
      colour: COLOURS[i % COLOURS.length]!,
      delay: kind === 'fireworks' ? Math.floor(i / 24) * 0.5 : r * 0.6,
      rotate: a,
    };
  });
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The purchase celebration (docs/product.md#constants): fireworks from 2,500 credits, stars from 1,000, else
 * confetti, for 3 seconds. Decorative: hidden from assistive tech, only a fade with reduced motion.
 */
export function Celebration({ kind }: { kind: CelebrationKind }) {
  const list = useMemo(() => pieces(kind), [kind]);
  const root = useRef<HTMLDivElement>(null);
  const seconds = CELEBRATION_MS / 1000;

  useEffect(() => {
    const elements = Array.from(root.current?.querySelectorAll<HTMLElement>('[data-piece]') ?? []);
    const reduce = reducedMotion();
    const controls = elements.map((element, index) => {
      const p = list[index]!;
      if (reduce) return animate(element, { opacity: [1, 0] }, { duration: seconds });
      if (kind === 'confetti') {
        return animate(
          element,
          { y: [0, window.innerHeight + 40], rotate: [0, p.rotate * 3], opacity: [1, 1, 0] },
          { duration: seconds - p.delay, delay: p.delay, ease: 'easeIn' },
        );
      }
      if (kind === 'stars') {
        return animate(
          element,
          { scale: [0, 1.3, 1, 0], opacity: [0, 1, 1, 0], rotate: [0, 90] },
          { duration: seconds - p.delay, delay: p.delay },
        );
      }
      return animate(
        element,
        { x: [0, p.x], y: [0, p.y], opacity: [1, 1, 0], scale: [1, 1, 0.3] },
        { duration: 1.4, delay: p.delay, ease: 'easeOut' },
      );
    });
    return () => controls.forEach((control) => control.stop());
  }, [kind, list, seconds]);

  return (
    <Box
      ref={root}
      position="fixed"
      inset="0"
      pointerEvents="none"
      zIndex="overlay"
      overflow="hidden"
      aria-hidden="true"
      data-testid="celebration"
      data-kind={kind}
    >
      {list.map((p) => {
        if (kind === 'confetti') {
          return (
            <div
              key={p.id}
              data-piece=""
              style={{
                position: 'absolute',
                top: -20,
                left: `calc(50% + ${p.x}vw)`,
                width: p.size,
                height: p.size * 0.6,
                background: p.colour,
                borderRadius: 2,
              }}
            />
          );
        }
        if (kind === 'stars') {
          return (
            <div
              key={p.id}
              data-piece=""
              style={{
                position: 'absolute',
                top: `${20 + ((p.id * 29) % 60)}%`,
                left: `calc(50% + ${p.x * 0.8}vw)`,
                opacity: 0,
              }}
            >
              <svg width={p.size} height={p.size} viewBox="0 0 24 24" aria-hidden="true">
                <path fill={p.colour} d="M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7L12 17.3 5.8 20.9l1.6-7L2 9.2l7.1-.6z" />
              </svg>
            </div>
          );
        }
        return (
          <div
            key={p.id}
            data-piece=""
            style={{
              position: 'absolute',
              top: `${35 + p.delay * 20}%`,
              left: `${30 + (p.id % 3) * 20}%`,
              width: p.size,
              height: p.size,
              borderRadius: '50%',
              background: p.colour,
              boxShadow: `0 0 12px ${p.colour}`,
            }}
          />
        );
      })}
    </Box>
  );
}
