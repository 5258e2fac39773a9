import { Box, Heading, Text, VisuallyHidden } from '@chakra-ui/react';

export interface BarDatum {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

export interface BarChartProps {
  title: string;
  data: BarDatum[];
  format: (value: number) => string;
  /** bar colour token (CSS colour) */
  color: string;
}

const WIDTH = 600;
const HEIGHT = 150;
const PAD_TOP = 2;
const PAD_BOTTOM = 1;

const dayLabel = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const asDate = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/**
 * A per-day bar chart in plain SVG that scales to its box (360 px up). Each bar has a tooltip;
 * screen readers get the same figures as a table. The figures on its axes are HTML above and below
 * the SVG, not SVG text: axe computes their contrast (text inside an SVG is left for review).
 */
export function BarChart({ title, data, format, color }: BarChartProps) {
  const max = Math.max(0, ...data.map((d) => d.value));
  const plot = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const step = data.length > 0 ? WIDTH / data.length : WIDTH;
  const barWidth = Math.max(2, step * 0.7);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const labelEvery = Math.max(1, Math.ceil(data.length / 6));

  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" p="4" minW="0">
      <Heading as="h2" size="sm" mb="1">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Totale ultimi {data.length} giorni: {format(total)}
      </Text>
      <Text fontSize="xs" color="fg.muted" lineHeight="1.4" minH="1lh" aria-hidden="true">
        {max > 0 ? format(max) : null}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`${title}: grafico a barre per giorno`}
        style={{ display: 'block', height: 'auto' }}
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - PAD_BOTTOM}
          y2={HEIGHT - PAD_BOTTOM}
          stroke="currentColor"
          strokeOpacity="0.3"
        />
        {data.map((d, i) => {
          const h = max === 0 ? 0 : (d.value / max) * plot;
          const x = i * step + (step - barWidth) / 2;
          return (
            <rect
              key={d.date}
              x={x}
              y={HEIGHT - PAD_BOTTOM - h}
              width={barWidth}
              height={Math.max(h, d.value > 0 ? 1 : 0)}
              rx="2"
              fill={color}
            >
              <title>{`${fullDay.format(asDate(d.date))}: ${format(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Box position="relative" h="1lh" mt="1" fontSize="xs" lineHeight="1.4" color="fg.muted" aria-hidden="true">
        {data.map((d, i) =>
          (i % labelEvery === 0 && i < data.length - labelEvery / 2) || i === data.length - 1 ? (
            <Text
              as="span"
              key={d.date}
              position="absolute"
              top="0"
              whiteSpace="nowrap"
              {...(i === 0
                ? { left: '0' }
                : i === data.length - 1
                  ? { right: '0' }
                  : { left: `${((i * step + step / 2) / WIDTH) * 100}%`, transform: 'translateX(-50%)' })}
            >
              {dayLabel.format(asDate(d.date))}
            </Text>
          ) : null,
        )}
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Giorno</th>
              <th scope="col">Valore</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <td>{fullDay.format(asDate(d.date))}</td>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
