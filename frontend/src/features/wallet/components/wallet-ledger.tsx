import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { LedgerEntryView, ServerToClientEvents } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { withSocket } from '../../../lib/socket';
import { formatAuracoin, formatDateTime } from '../../../lib/format';
import { useWalletLedger } from '../api/ledger';
import { groupedLines, ledgerLineTitle, ledgerReasonLabels, spendingOf } from './ledger-summary';

const MOVEMENTS_PAGE = 20;

const signed = (auracoin: number) => `${auracoin > 0 ? '+' : ''}${formatAuracoin(auracoin)}`;

/** A movement's split: how many of its auracoin were purchased and how many promotional. */
export function splitLabel(entry: Pick<LedgerEntryView, 'purchased' | 'promotional'>): string {
  return `acquistati ${signed(entry.purchased)} · promozionali ${signed(entry.promotional)}`;
}

/**
 * /user: what he spent, by what on; the wallet's movements, newest first (a session's minutes and
 * minimum as one line), each with its split between purchased and promotional auracoin, and the
 * balance's split (docs/product.md#user-page).
 */
export function WalletLedger({ userId, balance }: { userId: string; balance: number }) {
  const { data: entries } = useWalletLedger(userId, balance);
  const [shown, setShown] = useState(MOVEMENTS_PAGE);
  useWalletPushes(userId);
  const latest = entries?.[0];
  const spending = spendingOf(entries ?? []);
  const lines = groupedLines(entries ?? []);
  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" data-testid="wallet-ledger">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="md">
            Movimenti auracoin
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Gli auracoin promozionali (come quelli di benvenuto) si spendono dopo quelli acquistati.
          </Text>
        </Stack>
        <HStack gap="6" flexWrap="wrap">
          <Text>
            Acquistati:{' '}
            <Text as="span" fontWeight="bold" data-testid="ledger-purchased-balance">
              {formatAuracoin(latest?.purchasedBalance ?? 0)}
            </Text>
          </Text>
          <Text>
            Promozionali:{' '}
            <Text as="span" fontWeight="bold" data-testid="ledger-promotional-balance">
              {formatAuracoin(latest?.promotionalBalance ?? 0)}
            </Text>
          </Text>
        </HStack>
        <Stack gap="1" data-testid="ledger-spending">
          <Text>
            Spesi in totale:{' '}
            <Text as="span" fontWeight="bold" data-testid="ledger-spent-total">
              {formatAuracoin(spending.total)} auracoin
            </Text>
          </Text>
          {spending.byReason.length > 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="ledger-spent-by-reason">
              {spending.byReason
                .map((row) => `${ledgerReasonLabels[row.reason] ?? 'Altro'}: ${formatAuracoin(row.amount)}`)
                .join(' · ')}
            </Text>
          ) : null}
        </Stack>
        {entries && entries.length === 0 ? <Text color="fg.muted">Nessun movimento.</Text> : null}
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {lines.slice(0, shown).map((entry) => (
            <Box
              as="li"
              key={entry.id}
              borderTopWidth="1px"
              borderColor="border"
              pt="2"
              data-testid="ledger-entry"
              data-reason={entry.reason}
            >
              <Flex justify="space-between" gap="3" flexWrap="wrap">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" data-testid="ledger-entry-title">
                    {ledgerLineTitle(entry)}
                    {entry.parts > 1 ? ` (${entry.parts} addebiti)` : ''}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(entry.at)}
                  </Text>
                </Stack>
                <Stack gap="0" textAlign="end">
                  <Text fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="ledger-entry-amount">
                    {signed(entry.amount)} auracoin
                  </Text>
                  <Text fontSize="sm" color="fg.muted" data-testid="ledger-entry-split">
                    {splitLabel(entry)}
                  </Text>
                </Stack>
              </Flex>
            </Box>
          ))}
        </Stack>
        {lines.length > shown ? (
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setShown(shown + MOVEMENTS_PAGE)}>
            Mostra altri movimenti
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * An admin refunded one of his purchases: a toast. His movements are asked again at each push of his
 * balance (the wallet read model has the movement by then), not only when its figure changes: a refund
 * can bring it back to a figure it had before the purchase, whose list is cached under it.
 */
function useWalletPushes(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onBalance = () => void queryClient.invalidateQueries({ queryKey: ['users', userId, 'ledger'] });
        const onRefund: ServerToClientEvents['refund:issued'] = ({ amount, reason }) => {
          notify({
            type: 'success',
            title: `Rimborso ricevuto: +${formatAuracoin(amount)} auracoin`,
            description: reason,
          });
        };
        socket.on('refund:issued', onRefund);
        socket.on('balance:changed', onBalance);
        return () => {
          socket.off('refund:issued', onRefund);
          socket.off('balance:changed', onBalance);
        };
      }),
    [queryClient, userId],
  );
}
