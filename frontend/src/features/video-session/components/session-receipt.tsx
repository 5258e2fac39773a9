import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { SessionTipView, SessionView } from '@aura/contracts';
import { formatAuracoinLabel, formatInteger } from '../../../lib/format';

export interface SessionReceiptProps {
  view: SessionView;
  /** mm:ss the session lasted */
  elapsed: string;
  /** his balance after the session (auracoin; undefined while unknown) */
  balance: number | undefined;
  /** his tips to her inside the session (undefined while unknown) */
  tips?: SessionTipView[] | undefined;
  /** shown under the receipt: the rating of the session goes here */
  children?: ReactNode;
}

const minutesLabel = (minutes: number) => `${formatInteger(minutes)} ${minutes === 1 ? 'minuto' : 'minuti'}`;

/** The end screen of a session he had: what it lasted, the minimum if it applied, what he paid and what he has left (docs/product.md#session-receipt). */
export function SessionReceipt({ view, elapsed, balance, tips, children }: SessionReceiptProps) {
  const minimumApplied = view.minutesCharged > view.minutesBilled;
  const rows: [string, string, string][] = [
    ['Durata', elapsed, 'receipt-duration'],
    ['Minuti iniziati', minutesLabel(view.minutesBilled), 'receipt-minutes'],
    [
      'Minimo applicato',
      minimumApplied
        ? `Sì: ${minutesLabel(view.minutesCharged)} (${minutesLabel(view.minutesCharged - view.minutesBilled)} non usati)`
        : 'No',
      'receipt-minimum',
    ],
    ['Totale addebitato', formatAuracoinLabel(view.costAuracoin), 'receipt-total'],
  ];
  // his tips beside the minutes: each one, and their total (not part of the minutes' cost)
  if (view.tipsAuracoin > 0 || (tips && tips.length > 0)) {
    const count = tips?.length ?? 0;
    const each = (tips ?? []).map((tip) => formatAuracoinLabel(tip.amount)).join(' + ');
    const listed = count > 0 ? `${formatInteger(count)} ${count === 1 ? 'mancia' : 'mance'}: ${each} · ` : '';
    rows.push(['Mance', `${listed}totale ${formatAuracoinLabel(view.tipsAuracoin)}`, 'receipt-tips']);
  }
  if (balance !== undefined) rows.push(['Saldo attuale', formatAuracoinLabel(balance), 'receipt-balance']);
  return (
    <Stack gap="2" textAlign="left" data-testid="session-receipt">
      <Text fontSize="sm" data-testid="session-summary">
        Durata {elapsed} · {minutesLabel(view.minutesCharged)} · {formatAuracoinLabel(view.costAuracoin)}
      </Text>
      <Heading as="h3" size="sm">
        Ricevuta
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" fontSize="sm">
        {rows.map(([label, value, testId]) => (
          <Box key={label} display="contents">
            <Box as="dt" fontWeight="semibold">
              {label}
            </Box>
            <Box as="dd" data-testid={testId}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {children}
    </Stack>
  );
}
