import { Box, Flex, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatEuro, formatShortDate } from '../../../lib/format';

export interface EarningsChartProps {
  days: { date: string; euro: number }[];
}

const W = 540;
const H = 184;
// room above the top line and below the bottom one for half a label (the labels are beside the chart, centred on its lines)
const PAD = { top: 6, right: 8, bottom: 6, left: 0 };

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
      {/* the figures on the axes are HTML beside the SVG, not SVG text: axe computes their contrast (text drawn inside an
          SVG is left for review). They repeat the table below, so screen readers skip them. */}
      <Grid templateColumns="auto 1fr" columnGap="2" rowGap="1">
        <Flex direction="column" justify="space-between" aria-hidden="true" data-testid="earnings-chart-y">
          {[...ticks].reverse().map((t) => (
            <Text key={t} fontSize="xs" lineHeight="1" color="fg.muted" textAlign="right" whiteSpace="nowrap">
              {formatEuro(t, { short: true })}
            </Text>
          ))}
        </Flex>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          style={{ display: 'block' }}
          role="img"
          aria-label={`Guadagni degli ultimi 30 giorni: ${formatEuro(total)} in totale`}
          data-testid="earnings-chart"
        >
          {ticks.map((t) => {
            const y = PAD.top + innerH - (t / max) * innerH;
            return (
              <line key={t} x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#3a3147" strokeDasharray="3 4" />
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
          <defs>
            <linearGradient id="aura-bars" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="#ff5c93" />
              <stop offset="100%" stopColor="#7c3aed" />
            </linearGradient>
          </defs>
        </svg>
        {days.length > 0 ? (
          <Flex gridColumn="2" justify="space-between" gap="2" aria-hidden="true" data-testid="earnings-chart-x">
            <Text fontSize="xs" color="fg.muted">
              {formatShortDate(days[0]!.date)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatShortDate(days[days.length - 1]!.date)}
            </Text>
          </Flex>
        ) : null}
      </Grid>
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
