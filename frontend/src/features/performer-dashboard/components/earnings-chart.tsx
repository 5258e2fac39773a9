import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatEuro, formatShortDate } from '../../../lib/format';

export interface EarningsChartProps {
  days: { date: string; euro: number }[];
}

const W = 600;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 30, left: 56 };

/** A round axis maximum at or above `value` (1, 2, 5 × 10^n; 10 when there is nothing yet). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** Earnings per day, last 30 days, as plain SVG bars (with the figures in a table for screen readers). */
export function EarningsChart({ days }: EarningsChartProps) {
  const max = niceMax(Math.max(0, ...days.map((d) => d.euro)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const ticks = [0, max / 2, max];
  const total = days.reduce((sum, d) => sum + d.euro, 0);

  return (
    <Box>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`Guadagni degli ultimi 30 giorni: ${formatEuro(total)} in totale`}
        data-testid="earnings-chart"
      >
        {ticks.map((t) => {
          const y = PAD.top + innerH - (t / max) * innerH;
          return (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#3a3147" strokeDasharray="3 4" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="14" fill="#b3abbd">
                {formatEuro(t, { short: true })}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.euro / max) * innerH;
          const x = PAD.left + i * slot + (slot - bar) / 2;
          return (
            <rect
              key={d.date}
              x={x}
              y={PAD.top + innerH - h}
              width={bar}
              height={Math.max(h, d.euro > 0 ? 2 : 0)}
              rx="2"
              fill="url(#aura-bars)"
            >
              <title>{`${formatShortDate(d.date)}: ${formatEuro(d.euro)}`}</title>
            </rect>
          );
        })}
        {days.length > 0 ? (
          <>
            <text x={PAD.left} y={H - 6} fontSize="14" fill="#b3abbd">
              {formatShortDate(days[0]!.date)}
            </text>
            <text x={W - PAD.right} y={H - 6} fontSize="14" fill="#b3abbd" textAnchor="end">
              {formatShortDate(days[days.length - 1]!.date)}
            </text>
          </>
        ) : null}
        <defs>
          <linearGradient id="aura-bars" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="#ff5c93" />
            <stop offset="100%" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
      </svg>
      {total === 0 ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          Nessun guadagno negli ultimi 30 giorni.
        </Text>
      ) : null}
      <VisuallyHidden>
        <table>
          <caption>Guadagni per giorno</caption>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatShortDate(d.date)}</th>
                <td>{formatEuro(d.euro)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
