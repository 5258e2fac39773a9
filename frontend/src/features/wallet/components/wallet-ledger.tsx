import { useEffect } from 'react';
import { Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { LedgerEntryView, ServerToClientEvents } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { withSocket } from '../../../lib/socket';
import { formatAuracoin, formatDateTime } from '../../../lib/format';
import { useWalletLedger } from '../api/ledger';

/** What a movement was, in Italian (the ledger's `reason`). */
export const ledgerReasonLabels: Record<string, string> = {
  welcome: 'Auracoin di benvenuto',
  purchase: 'Acquisto pacchetto',
  refund: 'Rimborso',
  chargeback: 'Contestazione del pagamento persa',
  adjustment: 'Rettifica del saldo',
  alias: 'Alias',
  photo: 'Foto',
  message: 'Messaggio',
  session: 'Videochat privata',
};

const MOVEMENTS_SHOWN = 20;

const signed = (auracoin: number) => `${auracoin > 0 ? '+' : ''}${formatAuracoin(auracoin)}`;

/** A movement's split: how many of its auracoin were purchased and how many promotional. */
export function splitLabel(entry: Pick<LedgerEntryView, 'purchased' | 'promotional'>): string {
  return `acquistati ${signed(entry.purchased)} · promozionali ${signed(entry.promotional)}`;
}

/**
 * /user: the wallet's movements, newest first, each with its split between purchased and
 * promotional auracoin, and the balance's split (docs/product.md#user-page).
 */
export function WalletLedger({ userId, balance }: { userId: string; balance: number }) {
  const { data: entries } = useWalletLedger(userId, balance);
  useRefundToasts();
  const latest = entries?.[0];
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
        {entries && entries.length === 0 ? <Text color="fg.muted">Nessun movimento.</Text> : null}
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {(entries ?? []).slice(0, MOVEMENTS_SHOWN).map((entry) => (
            <Box as="li" key={entry.id} borderTopWidth="1px" borderColor="border" pt="2" data-testid="ledger-entry" data-reason={entry.reason}>
              <Flex justify="space-between" gap="3" flexWrap="wrap">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">{ledgerReasonLabels[entry.reason] ?? entry.reason}</Text>
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
      </Card.Body>
    </Card.Root>
  );
}

/** An admin refunded one of his purchases: a toast (the ledger refetches as the balance moves). */
function useRefundToasts(): void {
  useEffect(
    () =>
      withSocket((socket) => {
        const onRefund: ServerToClientEvents['refund:issued'] = ({ amount, reason }) => {
          notify({ type: 'success', title: `Rimborso ricevuto: +${formatAuracoin(amount)} auracoin`, description: reason });
        };
        socket.on('refund:issued', onRefund);
        return () => {
          socket.off('refund:issued', onRefund);
        };
      }),
    [],
  );
}
