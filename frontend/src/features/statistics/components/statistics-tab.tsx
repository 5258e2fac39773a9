import type { ReactNode } from 'react';
import { Badge, Box, Grid, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { DISPUTE_RATIO_LEVEL_LABELS, type DisputeRatioLevel, type StatisticsView as Statistics } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatEuro, formatInteger, formatNumber } from '../../../lib/format';
import { useStatistics } from '../api/statistics';
import { AdminTable } from '../../../components/ui/admin-table';
import { BarChart } from './bar-chart';

/** Statistiche: the spec's totals and lists, with per-day charts; refreshed live over Socket.IO. */
export function StatisticsTab() {
  const stats = useStatistics();
  if (stats.isPending) return <Spinner aria-label="Caricamento..." />;
  if (stats.isError)
    return (
      <Text role="alert" color="red.300">
        {errorMessage(stats.error)}
      </Text>
    );
  return <StatisticsPanel stats={stats.data} />;
}

function StatCard({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" p="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
      {children}
    </Box>
  );
}

/** euro per auracoin, to the tenth of a cent: 0,683 € */
const euroPerAuracoin = (value: number | null) =>
  value === null ? '–' : `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 3 })} €`;

const LEVEL_PALETTE: Record<DisputeRatioLevel, string> = { ok: 'green', warning: 'orange', alarm: 'red' };

/**
 * Money you can defend (issue 38 items 4 and 10): euro received per auracoin issued against the
 * 0,55 € paid per auracoin spent with performers, and card disputes over card payments of the
 * last 30 days with the card networks' level (warning from 0,9%, alarm from 1,5%).
 */
function MarginAndDisputes({ margin, disputeRatio }: Pick<Statistics, 'margin' | 'disputeRatio'>) {
  const ratio =
    disputeRatio.percent === null
      ? '–'
      : `${formatNumber(disputeRatio.percent, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
  const perAuracoin = [
    { label: 'Incasso per auracoin emesso', value: margin.eurosPerAuracoinIssued, testId: 'stat-euros-per-auracoin' },
    {
      label: 'Pagato alle performer per auracoin speso',
      value: margin.performerEurosPerAuracoin,
      testId: 'stat-performer-euros-per-auracoin',
    },
    { label: 'Margine per auracoin', value: margin.marginPerAuracoin, testId: 'stat-margin' },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" aria-label="Margine e contestazioni">
      {perAuracoin.map((card) => (
        <StatCard key={card.testId} label={card.label} value={euroPerAuracoin(card.value)} testId={card.testId} />
      ))}
      <StatCard
        label={`Contestazioni su pagamenti con carta (${formatInteger(disputeRatio.days)} giorni)`}
        value={ratio}
        testId="stat-dispute-ratio"
      >
        <Text fontSize="xs" color="fg.muted">
          {formatInteger(disputeRatio.disputes)} su {formatInteger(disputeRatio.cardPayments)} pagamenti
        </Text>
        <Badge
          mt="2"
          whiteSpace="normal"
          colorPalette={LEVEL_PALETTE[disputeRatio.level]}
          data-testid="stat-dispute-level"
        >
          {DISPUTE_RATIO_LEVEL_LABELS[disputeRatio.level]}
        </Badge>
      </StatCard>
    </SimpleGrid>
  );
}

function StatisticsPanel({ stats }: { stats: Statistics }) {
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
        <StatCard label="Utenti totali" value={formatInteger(stats.totalUsers)} testId="stat-total-users" />
        <StatCard
          label="Performer totali"
          value={formatInteger(stats.totalPerformers)}
          testId="stat-total-performers"
        />
        <StatCard
          label="Performer online"
          value={formatInteger(stats.performersOnline)}
          testId="stat-performers-online"
        />
        <StatCard
          label="Performer offline"
          value={formatInteger(stats.performersOffline)}
          testId="stat-performers-offline"
        />
        <StatCard
          label="Auracoin distribuiti"
          value={formatAuracoin(stats.totalAuracoinsDistributed)}
          testId="stat-auracoins-distributed"
        />
        <StatCard
          label="Saldo medio utenti"
          value={formatNumber(stats.averageUserBalance, { maximumFractionDigits: 2 })}
          testId="stat-average-balance"
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Chat">
        <StatCard label="Messaggi inviati" value={formatInteger(stats.messages.sent)} testId="stat-messages-sent" />
        <StatCard
          label="Ricavi messaggi (auracoin)"
          value={formatAuracoin(stats.messages.revenue)}
          testId="stat-message-revenue"
        />
        <StatCard label="Messaggi oggi" value={formatInteger(stats.messages.sentToday)} testId="stat-messages-today" />
        <StatCard
          label="Ricavi messaggi oggi (auracoin)"
          value={formatAuracoin(stats.messages.revenueToday)}
          testId="stat-message-revenue-today"
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Sessioni private">
        <StatCard label="Sessioni private" value={formatInteger(stats.sessions.total)} testId="stat-sessions" />
        <StatCard
          label="Sessioni in corso"
          value={formatInteger(stats.sessions.active)}
          testId="stat-sessions-active"
        />
        <StatCard
          label="Minuti fatturati"
          value={formatInteger(stats.sessions.billedMinutes)}
          testId="stat-session-minutes"
        />
        <StatCard
          label="Ricavi sessioni (auracoin)"
          value={formatAuracoin(stats.sessions.revenue)}
          testId="stat-session-revenue"
        />
      </SimpleGrid>

      <MarginAndDisputes margin={stats.margin} disputeRatio={stats.disputeRatio} />

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap="4">
        <BarChart
          title="Ricavi per giorno"
          data={stats.days.map((d) => ({ date: d.date, value: d.revenue }))}
          format={formatEuro}
          color="#f2327a"
        />
        <BarChart
          title="Auracoin venduti per giorno"
          data={stats.days.map((d) => ({ date: d.date, value: d.auracoinSold }))}
          format={formatAuracoin}
          color="#fcd34d"
        />
        <BarChart
          title="Nuovi utenti per giorno"
          data={stats.days.map((d) => ({ date: d.date, value: d.newUsers }))}
          format={formatInteger}
          color="#a78bfa"
        />
      </Grid>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="6">
        <Box minW="0">
          <Heading as="h2" size="md" mb="3">
            Top performer
          </Heading>
          <AdminTable
            rows={stats.topPerformers}
            empty="Nessuna performer"
            rowKey={(p, index) => `${p.name}-${index}`}
            columns={[
              { header: 'Nome', cell: (p) => p.name },
              { header: 'Auracoin/min', align: 'end', cell: (p) => formatAuracoin(p.creditsPerMinute) },
              {
                header: 'Valutazione',
                align: 'end',
                cell: (p) =>
                  p.rating === null
                    ? '–'
                    : formatNumber(p.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              },
            ]}
          />
        </Box>
        <Box minW="0">
          <Heading as="h2" size="md" mb="3">
            Pacchetti venduti
          </Heading>
          <AdminTable
            rows={stats.packagesSold}
            empty="Nessun pacchetto"
            rowKey={(p, index) => `${p.credits}-${p.price}-${index}`}
            columns={[
              { header: 'Auracoin', align: 'end', cell: (p) => formatInteger(p.credits) },
              {
                header: 'Bonus',
                align: 'end',
                cell: (p) => (p.bonus > 0 ? <Badge colorPalette="green">+{formatInteger(p.bonus)}</Badge> : '0'),
              },
              { header: 'Prezzo', align: 'end', cell: (p) => formatEuro(p.price) },
              { header: 'Venduti', align: 'end', cell: (p) => formatInteger(p.sold) },
            ]}
          />
        </Box>
      </Grid>
    </Stack>
  );
}
