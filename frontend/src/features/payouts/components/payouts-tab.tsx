import { Alert, Badge, Button, Card, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { PayoutSummary, PayoutView, StatementView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { StatCard } from '../../../components/ui/stat-card';
import { AdminTable } from '../../../components/ui/admin-table';
import { QueryStatus } from '../../../components/ui/query-status';
import { errorMessage } from '../../../lib/api-client';
import { formatEuroCents } from '../../../lib/format';
import { statementQuery, usePayoutHistory, usePayoutSummary, useStatements } from '../api/payouts';
import { PayoutDetailsForm } from './payout-details-form';
import {
  carryReasonLabels,
  downloadStatementCsv,
  failureLabel,
  formatRomeDay,
  formatWeekRange,
  payoutStatusColors,
  payoutStatusLabels,
  statementDeductionsCents,
  statementNetCents,
  statementStatusColors,
  statementStatusLabels,
} from './payout-format';

function SummaryCards({ summary }: { summary: PayoutSummary }) {
  return (
    <Grid
      templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}
      gap="4"
      aria-live="polite"
      data-testid="payout-summary"
    >
      <StatCard
        label="Saldo da pagare"
        value={formatEuroCents(summary.unpaidCents)}
        hint={
          summary.reserveCents > 0
            ? `di cui ${formatEuroCents(summary.reserveCents)} in riserva per ${summary.reserveDays} giorni (rimborsi e contestazioni)`
            : undefined
        }
        testId="unpaid-balance"
      />
      <StatCard
        label="Prossimo pagamento"
        value={formatRomeDay(summary.nextPayoutDate)}
        hint="ogni martedì, per la settimana chiusa (lunedì–domenica)"
        testId="next-payout-date"
      />
      <StatCard
        label="Importo previsto"
        value={formatEuroCents(summary.expectedCarriesOver ? 0 : summary.expectedAmountCents)}
        hint={
          summary.expectedCarriesOver && summary.expectedAmountCents > 0
            ? `${formatEuroCents(summary.expectedAmountCents)} sotto il minimo: riportato alla settimana successiva`
            : summary.hasDetails
              ? undefined
              : 'Aggiungi i dati di pagamento per ricevere i pagamenti'
        }
        testId="expected-amount"
      />
      <StatCard
        label="Minimo di pagamento"
        value={formatEuroCents(summary.minimumCents)}
        hint={`Già pagati: ${formatEuroCents(summary.paidCents)}`}
        testId="payout-minimum"
      />
    </Grid>
  );
}

function StatementActions({ performerId, statement }: { performerId: string; statement: StatementView }) {
  const queryClient = useQueryClient();
  const download = async () => {
    try {
      downloadStatementCsv(await queryClient.fetchQuery(statementQuery(performerId, statement.weekStart)));
    } catch (error) {
      notify({ type: 'error', title: 'Errore', description: errorMessage(error) });
    }
  };
  const week = formatWeekRange(statement.weekStart);
  return (
    <HStack gap="2" justify="flex-end">
      <Link asChild fontSize="sm" colorPalette="brand">
        <RouterLink
          to={`/performer/statement?week=${statement.weekStart}`}
          aria-label={`Apri l'estratto conto della settimana ${week}`}
        >
          Apri
        </RouterLink>
      </Link>
      <Button
        size="xs"
        variant="outline"
        onClick={() => void download()}
        aria-label={`Scarica in CSV l'estratto conto della settimana ${week}`}
      >
        CSV
      </Button>
    </HStack>
  );
}

function StatementStatusCell({ statement }: { statement: StatementView }) {
  return (
    <Stack gap="1">
      <Badge
        colorPalette={statementStatusColors[statement.status]}
        alignSelf="flex-start"
        data-testid="statement-status"
      >
        {statementStatusLabels[statement.status]}
      </Badge>
      {statement.status === 'carried_over' && statement.carryReason ? (
        <Text fontSize="xs" color="fg.muted" data-testid="statement-carry">
          {formatEuroCents(statement.carriedOverCents)} riportati: {carryReasonLabels[statement.carryReason]}
        </Text>
      ) : null}
    </Stack>
  );
}

function PayoutStatusCell({ payout }: { payout: PayoutView }) {
  return (
    <Stack gap="1">
      <Badge colorPalette={payoutStatusColors[payout.status]} alignSelf="flex-start">
        {payoutStatusLabels[payout.status]}
      </Badge>
      {payout.status === 'failed' ? (
        <Text fontSize="xs" color="fg.muted">
          {failureLabel(payout.failureReason)}: l'importo torna nel saldo da pagare
        </Text>
      ) : null}
    </Stack>
  );
}

/** Her money: unpaid balance, next payout, the minimum, weekly statements, payout history and payout details. */
export function PayoutsTab({ performerId }: { performerId: string }) {
  const summary = usePayoutSummary(performerId);
  const statements = useStatements(performerId);
  const history = usePayoutHistory(performerId);

  return (
    <Stack gap="6">
      {summary.data?.testMode ? (
        <Alert.Root status="warning" rounded="lg" data-testid="payouts-test-mode">
          <Alert.Indicator />
          <Alert.Title>
            TEST MODE: i pagamenti passano da un registro sandbox, nessun denaro reale viene trasferito.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {summary.data ? (
        <SummaryCards summary={summary.data} />
      ) : (
        <QueryStatus query={{ ...summary, data: undefined }} empty="" />
      )}

      <Stack gap="3" as="section" aria-labelledby="statements-title">
        <Text id="statements-title" fontWeight="bold" fontSize="lg">
          Estratti conto settimanali
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Per ogni settimana (lunedì–domenica, ora di Roma): la tua quota del 55% per fonte e cosa ne è stato.
        </Text>
        <AdminTable
          query={statements}
          rows={statements.data}
          empty="Nessun guadagno ancora: i tuoi estratti conto compariranno qui."
          minW="980px"
          rowKey={(statement) => statement.weekStart}
          rowTestId={() => 'statement-row'}
          columns={[
            { header: 'Settimana', cell: (statement) => formatWeekRange(statement.weekStart) },
            {
              header: 'Sessioni',
              align: 'end',
              cell: (statement) => formatEuroCents(statement.sources.session.shareCents),
            },
            {
              header: 'Messaggi',
              align: 'end',
              cell: (statement) => formatEuroCents(statement.sources.message.shareCents),
            },
            { header: 'Foto', align: 'end', cell: (statement) => formatEuroCents(statement.sources.photo.shareCents) },
            { header: 'Mance', align: 'end', cell: (statement) => formatEuroCents(statement.sources.tip.shareCents) },
            {
              header: 'Rimborsi e contestazioni',
              align: 'end',
              cell: (statement) => formatEuroCents(-statementDeductionsCents(statement)),
            },
            {
              header: 'Quota 55%',
              align: 'end',
              cell: (statement) => <strong>{formatEuroCents(statementNetCents(statement))}</strong>,
            },
            { header: 'Stato', cell: (statement) => <StatementStatusCell statement={statement} /> },
            {
              header: 'Estratto conto',
              align: 'end',
              cell: (statement) => <StatementActions performerId={performerId} statement={statement} />,
            },
          ]}
        />
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="payout-history-title">
        <Text id="payout-history-title" fontWeight="bold" fontSize="lg">
          Storico pagamenti
        </Text>
        <AdminTable
          query={history}
          rows={history.data}
          empty="Nessun pagamento ancora."
          minW="640px"
          rowKey={(payout) => payout.id}
          rowTestId={() => 'payout-row'}
          columns={[
            { header: 'Guadagni fino a', cell: (payout) => formatRomeDay(payout.periodEnd) },
            {
              header: 'Importo',
              align: 'end',
              cell: (payout) => <strong>{formatEuroCents(payout.amountCents)}</strong>,
            },
            { header: 'Stato', cell: (payout) => <PayoutStatusCell payout={payout} /> },
            { header: 'Destinazione', cell: (payout) => payout.destination },
            {
              header: 'Riferimento',
              cell: (payout) => `${payout.providerReference ?? '—'}${payout.testMode ? ' (TEST MODE)' : ''}`,
            },
          ]}
        />
      </Stack>

      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
        <Card.Body>
          <PayoutDetailsForm performerId={performerId} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
