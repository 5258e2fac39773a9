import type { ReactNode } from 'react';
import { Badge, Box, Button, Container, Heading, HStack, Link, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { earningSources, isWeekStart } from '@aura/contracts';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatEuroCents } from '../../../lib/format';
import { useStoredPerformer } from '../../../lib/session-storage';
import { useStatement } from '../api/payouts';
import {
  carryReasonLabels,
  downloadStatementCsv,
  formatRomeDateTime,
  formatRomeDay,
  formatWeekRange,
  payoutStatusLabels,
  lineLabel,
  sourceLabels,
  statementStatusLabels,
} from './payout-format';

const screenOnly = { '@media print': { display: 'none' } } as const;

/** The page while there is no statement to show: its title, the reason or a spinner, the way back. */
function StatementFrame({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Heading as="h1" size="2xl" mb="4">
        Estratto conto
      </Heading>
      <Box mb="4" role={alert ? 'alert' : undefined}>
        {children}
      </Box>
      <Link asChild colorPalette="brand">
        <RouterLink to="/performer/dashboard">← Torna alla dashboard</RouterLink>
      </Link>
    </Container>
  );
}

/** /performer/statement?week=YYYY-MM-DD: one week's statement as a printable page (and its CSV). */
export function StatementPage() {
  const stored = useStoredPerformer();
  const [params] = useSearchParams();
  const week = params.get('week') ?? '';
  const statement = useStatement(stored?.id ?? '', isWeekStart(week) ? week : '');
  if (!stored) return <Navigate to="/performer/login" replace />;
  if (!isWeekStart(week)) return <StatementFrame>Settimana non valida.</StatementFrame>;
  if (statement.isPending) {
    return (
      <StatementFrame>
        <Spinner size="lg" aria-label="Caricamento..." />
      </StatementFrame>
    );
  }
  if (statement.isError) return <StatementFrame alert>{errorMessage(statement.error)}</StatementFrame>;
  const s = statement.data;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }} data-testid="statement-page">
      <title>{`Estratto conto ${formatWeekRange(s.weekStart)} · Aura`}</title>
      <HStack justify="space-between" mb="6" flexWrap="wrap" gap="3" css={screenOnly}>
        <Link asChild colorPalette="brand">
          <RouterLink to="/performer/dashboard">← Torna alla dashboard</RouterLink>
        </Link>
        <HStack gap="2">
          <Button variant="outline" onClick={() => downloadStatementCsv(s)}>
            Scarica CSV
          </Button>
          <Button colorPalette="brand" onClick={() => window.print()}>
            Stampa
          </Button>
        </HStack>
      </HStack>
      <Stack gap="1" mb="6">
        <Text fontSize="sm" color="fg.muted">
          Aura · Estratto conto settimanale
        </Text>
        <Heading as="h1" size="2xl">
          {formatWeekRange(s.weekStart)}
        </Heading>
        <Text>{s.performerName}</Text>
        <Text fontSize="sm" color="fg.muted">
          Settimana da lunedì 00:00 a domenica 23:59 (ora di Roma) · pagamento previsto {formatRomeDay(s.payoutDate)}
        </Text>
        <Badge alignSelf="flex-start" mt="2" data-testid="statement-page-status">
          {statementStatusLabels[s.status]}
        </Badge>
        {s.status === 'carried_over' && s.carryReason ? (
          <Text data-testid="statement-page-carry">
            {formatEuroCents(s.carriedOverCents)} riportati alla settimana successiva:{' '}
            {carryReasonLabels[s.carryReason]}.
          </Text>
        ) : null}
      </Stack>

      <Heading as="h2" size="md" mb="2">
        Riepilogo
      </Heading>
      <Table.ScrollArea mb="6" tabIndex={0} aria-label="Riepilogo per fonte">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Fonte</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Vendite</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Pagato dai clienti (auracoin)</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">di cui acquistati</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">di cui promozionali</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Tua quota {s.sharePercent}%</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {earningSources.map((source) => (
              <Table.Row key={source}>
                <Table.Cell>{sourceLabels[source]}</Table.Cell>
                <Table.Cell textAlign="end">{s.sources[source].count}</Table.Cell>
                <Table.Cell textAlign="end">{formatAuracoin(s.sources[source].grossUnits / 100)}</Table.Cell>
                <Table.Cell textAlign="end">{formatAuracoin(s.sources[source].purchasedUnits / 100)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {formatAuracoin((s.sources[source].grossUnits - s.sources[source].purchasedUnits) / 100)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatEuroCents(s.sources[source].shareCents)}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="bold">
              <Table.Cell>Totale</Table.Cell>
              <Table.Cell textAlign="end" data-testid="statement-page-sales">
                {earningSources.reduce((sum, source) => sum + s.sources[source].count, 0)}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatAuracoin(s.grossUnits / 100)}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="statement-page-purchased">
                {formatAuracoin(s.purchasedUnits / 100)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="statement-page-promotional">
                {formatAuracoin(s.promotionalUnits / 100)}
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="statement-page-share">
                {formatEuroCents(s.shareCents)}
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="fg.muted" mb="4">
        La tua quota matura solo sugli auracoin acquistati dai clienti: gli auracoin promozionali (come quelli di
        benvenuto) non generano guadagni.
      </Text>
      <Stack gap="1" mb="6">
        <Text>Pagato: {formatEuroCents(s.paidCents)}</Text>
        <Text>In pagamento: {formatEuroCents(s.scheduledCents)}</Text>
        <Text>Da pagare: {formatEuroCents(s.unpaidCents)}</Text>
      </Stack>

      {s.payouts.length > 0 ? (
        <Box mb="6">
          <Heading as="h2" size="md" mb="2">
            Pagamenti
          </Heading>
          {s.payouts.map((payout) => (
            <Text key={payout.id} fontSize="sm">
              {formatEuroCents(payout.amountCents)} · {payoutStatusLabels[payout.status]} · {payout.destination}
              {payout.providerReference ? ` · rif. ${payout.providerReference}` : ''}
              {payout.testMode ? ' (TEST MODE)' : ''}
            </Text>
          ))}
        </Box>
      ) : null}

      <Heading as="h2" size="md" mb="2">
        Dettaglio
      </Heading>
      <Table.ScrollArea tabIndex={0} aria-label="Dettaglio delle vendite">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Data e ora</Table.ColumnHeader>
              <Table.ColumnHeader>Fonte</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Auracoin</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">acquistati</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">promozionali</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Quota</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {s.lines.map((line, index) => (
              <Table.Row key={`${line.creditedAt}-${index}`}>
                <Table.Cell>{formatRomeDateTime(line.creditedAt)}</Table.Cell>
                <Table.Cell>{lineLabel(line)}</Table.Cell>
                <Table.Cell textAlign="end">{formatAuracoin(line.grossUnits / 100)}</Table.Cell>
                <Table.Cell textAlign="end">{formatAuracoin(line.purchasedUnits / 100)}</Table.Cell>
                <Table.Cell textAlign="end">{formatAuracoin((line.grossUnits - line.purchasedUnits) / 100)}</Table.Cell>
                <Table.Cell textAlign="end">{formatEuroCents(line.shareCents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Container>
  );
}
