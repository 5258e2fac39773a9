import { useState } from 'react';
import { Alert, Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PAYOUT_TIME_ZONE, type AdminPayoutRow, type PayoutRunView, type SepaFileSummary } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { formatEuroCents } from '../../../lib/format';
import {
  sepaFileUrl,
  useMarkSepaSent,
  usePayoutRun,
  usePayoutRuns,
  useRetryPayout,
  useRunPayouts,
} from '../api/payout-runs';

let romeFormat: Intl.DateTimeFormat | undefined;
/** "22/11/2026, 23:59" in Rome's time, where payout weeks are counted */
const formatRome = (iso: string) =>
  (romeFormat ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: PAYOUT_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })).format(new Date(iso));
const weekLabel = (weekStart: string) => {
  const [year, month, day] = weekStart.split('-').map(Number) as [number, number, number];
  const format = (date: Date) =>
    new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      date,
    );
  return `${format(new Date(Date.UTC(year, month - 1, day)))} – ${format(new Date(Date.UTC(year, month - 1, day + 6)))}`;
};
const failureReasons: Record<string, string> = {
  account_closed: 'Conto chiuso',
  bank_unavailable: 'Banca non raggiungibile',
  missing_details: 'Dati mancanti',
  manual_payment_required: 'Pagamento manuale richiesto (carta)',
};
const carryReasons = { below_minimum: 'Sotto il minimo', missing_details: 'Dati di pagamento mancanti' } as const;
const payoutStatus = {
  scheduled: ['In corso', 'purple'],
  paid: ['Pagato', 'green'],
  failed: ['Non riuscito', 'red'],
} as const;

function RunNow() {
  const run = useRunPayouts();
  const [periodEnd, setPeriodEnd] = useState('');
  const submit = async () => {
    try {
      const accepted = await run.mutateAsync(periodEnd ? { periodEnd: new Date(periodEnd).toISOString() } : {});
      notify({
        type: 'success',
        title: 'Pagamenti avviati',
        description: `Guadagni fino a ${formatRome(accepted.periodEnd)}`,
      });
      setPeriodEnd('');
    } catch (error) {
      notify({
        type: 'error',
        title: 'Impossibile avviare i pagamenti',
        description: errorMessage(error, { fields: { periodEnd: 'La fine del periodo non può essere nel futuro' } }),
      });
    }
  };
  return (
    <SectionCard title="Esegui i pagamenti ora">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3" maxW="md">
          <FormField
            label="Fine del periodo (facoltativa)"
            helperText={
              "Giorno gg/mm/aaaa e ora hh:mm. Vuota: fine dell'ultima settimana chiusa (domenica 23:59, ora di Roma). " +
              'Si pagano i guadagni fino a quel momento e fuori dalla riserva.'
            }
          >
            <DateTimeField value={periodEnd} onChange={setPeriodEnd} />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={run.isPending}>
            Esegui ora
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** The run's SEPA file: its transactions and total, the download, and 'sent' once the bank has it. */
function SepaFile({ file }: { file: SepaFileSummary }) {
  const markSent = useMarkSepaSent();
  const send = async () => {
    try {
      await markSent.mutateAsync(file.runId);
      notify({
        type: 'success',
        title: 'File SEPA segnato come inviato',
        description: `${file.numberOfTransactions} bonifici pagati, ${formatEuroCents(file.controlSumCents)}`,
      });
    } catch (error) {
      notify({ type: 'error', title: 'Impossibile segnare il file come inviato', description: errorMessage(error) });
    }
  };
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border" rounded="lg" p="3" data-testid="sepa-file">
      <Text fontWeight="semibold">
        File SEPA (pain.001): {file.numberOfTransactions} bonifici · {formatEuroCents(file.controlSumCents)} ·
        esecuzione {file.requestedExecutionDate.split('-').reverse().join('/')}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <a href={sepaFileUrl(file.runId)} download>
            Scarica file SEPA
          </a>
        </Button>
        {file.status === 'sent' ? (
          <Badge colorPalette="green">Inviato il {formatRome(file.sentAt!)}</Badge>
        ) : (
          <Button size="sm" colorPalette="brand" onClick={() => void send()} loading={markSent.isPending}>
            Segna come inviato
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function RunDetail({ run }: { run: PayoutRunView }) {
  const detail = usePayoutRun(run.id);
  const retry = useRetryPayout();
  const doRetry = async (payout: AdminPayoutRow) => {
    try {
      await retry.mutateAsync(payout.id);
      notify({
        type: 'success',
        title: 'Pagamento ritentato',
        description: `${payout.performerName}: ${formatEuroCents(payout.amountCents)}`,
      });
    } catch (error) {
      notify({ type: 'error', title: 'Impossibile ritentare il pagamento', description: errorMessage(error) });
    }
  };
  return (
    <Stack gap="3" pl={{ base: '0', md: '4' }} data-testid="payout-run-detail">
      {detail.data?.sepa ? <SepaFile file={detail.data.sepa} /> : null}
      <AdminTable
        query={detail.isPending || detail.isError ? { ...detail, data: undefined } : undefined}
        rows={detail.data?.payouts}
        empty="Nessun pagamento in questa esecuzione"
        minW="640px"
        rowKey={(payout) => payout.id}
        rowTestId={() => 'admin-payout-row'}
        columns={[
          { header: 'Performer', cell: (payout) => payout.performerName },
          { header: 'Importo', align: 'end', cell: (payout) => formatEuroCents(payout.amountCents) },
          {
            header: 'Stato',
            cell: (payout) => (
              <Stack gap="0">
                <Badge colorPalette={payoutStatus[payout.status][1]} alignSelf="flex-start">
                  {payoutStatus[payout.status][0]}
                </Badge>
                {payout.failureReason ? (
                  <Text fontSize="xs">
                    {failureReasons[payout.failureReason] ?? payout.failureReason} (tentativo {payout.attempt})
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { header: 'Destinazione', cell: (payout) => payout.destination },
          {
            header: 'Azioni',
            hiddenHeader: true,
            cell: (payout) =>
              payout.status === 'failed' ? (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void doRetry(payout)}
                  loading={retry.isPending}
                  aria-label={`Riprova il pagamento di ${payout.performerName}`}
                >
                  Riprova
                </Button>
              ) : null,
          },
        ]}
      />
      {detail.data && detail.data.carriedOver.length > 0 ? (
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize="sm">
            Riportati alla settimana successiva
          </Text>
          {detail.data.carriedOver.map((carry) => (
            <Text key={carry.performerId} fontSize="sm" data-testid="admin-carry-row">
              {carry.performerName}: {formatEuroCents(carry.amountCents)} · {carryReasons[carry.reason]}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Pagamenti: each week's run (performers, amounts, status, failures), run now, retry. */
export function PayoutsAdminTab() {
  const runs = usePayoutRuns();
  // who ran a payout by hand, by name (the admins' list, shared with the 'Amministratori' tab)
  const admins = useQuery({ queryKey: queryKeys.admins.list, queryFn: ({ signal }) => call('listAdmins', { signal }) });
  const adminName = (adminId: string | null | undefined) =>
    admins.data?.find((admin) => admin.id === adminId)?.username ?? 'un amministratore';
  const [open, setOpen] = useState<string | null>(null);
  const opened = runs.data?.runs.find((run) => run.id === open);
  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        Pagamenti
      </Heading>
      {runs.data?.testMode ? (
        <Alert.Root status="warning" rounded="lg" data-testid="admin-payouts-test-mode">
          <Alert.Indicator />
          <Alert.Title>
            TEST MODE: provider «{runs.data.provider}», un registro sandbox. Nessun denaro reale viene trasferito.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <RunNow />
      <Text fontSize="sm" color="fg.muted">
        Ogni martedì si pagano i guadagni della settimana chiusa (lunedì–domenica, ora di Roma), dal minimo in su e
        fuori dalla riserva.
      </Text>
      <div aria-live="polite">
        <AdminTable
          query={runs.isPending || runs.isError ? { ...runs, data: undefined } : undefined}
          rows={runs.data?.runs}
          empty="Nessuna esecuzione ancora"
          minW="880px"
          rowKey={(run) => run.id}
          rowTestId={() => 'payout-run-row'}
          columns={[
            { header: 'Settimana', cell: (run) => weekLabel(run.weekStart) },
            { header: 'Guadagni fino a', cell: (run) => formatRome(run.periodEnd) },
            {
              header: 'Avviata',
              cell: (run) =>
                `${formatRome(run.requestedAt)} · ${run.trigger === 'schedule' ? 'programmata' : `da ${adminName(run.adminId)}`}`,
            },
            {
              header: 'Stato',
              cell: (run) => (
                <Badge colorPalette={run.status === 'completed' ? 'green' : 'purple'}>
                  {run.status === 'completed' ? 'Completata' : 'In corso'}
                </Badge>
              ),
            },
            {
              header: 'Pagati',
              align: 'end',
              testId: 'run-paid',
              cell: (run) => `${run.paidCount} · ${formatEuroCents(run.paidCents)}`,
            },
            {
              header: 'Non riusciti',
              align: 'end',
              cell: (run) => `${run.failedCount} · ${formatEuroCents(run.failedCents)}`,
            },
            {
              header: 'Riportati',
              align: 'end',
              cell: (run) => `${run.carriedOverCount} · ${formatEuroCents(run.carriedOverCents)}`,
            },
            {
              header: 'Dettagli',
              hiddenHeader: true,
              cell: (run) => (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setOpen(open === run.id ? null : run.id)}
                  aria-expanded={open === run.id}
                >
                  {open === run.id ? 'Chiudi' : 'Dettagli'}
                </Button>
              ),
            },
          ]}
        />
      </div>
      {opened ? (
        <Stack gap="2">
          <HStack justify="space-between" flexWrap="wrap">
            <Text fontWeight="semibold">
              Esecuzione della settimana {weekLabel(opened.weekStart)} (minimo {formatEuroCents(opened.minimumCents)},
              riserva {opened.reserveDays} giorni)
            </Text>
          </HStack>
          <RunDetail run={opened} />
        </Stack>
      ) : null}
    </Stack>
  );
}
