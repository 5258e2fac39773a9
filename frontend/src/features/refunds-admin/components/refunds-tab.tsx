import { useState } from 'react';
import { Button, Grid, Stack, Text, Input } from '@chakra-ui/react';
import type { RefundableSaleView, RefundListItem, SaleSearchInput } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { DateField } from '../../../components/ui/date-field';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { formatAuracoin, formatDateTime, formatEuroCents } from '../../../lib/format';
import { useRefunds, useSaleSearch } from '../api/refunds';
import { buyerName, performerNameOf, RefundDialog, refundKindLabels } from './refund-dialog';
import { refundLeft } from './refund-amount';

/** 'Rimborsi' → the search: by the buyer, the performer and the days of the sale. */
function SaleSearchForm({ onSearch }: { onSearch: (query: SaleSearchInput) => void }) {
  const [user, setUser] = useState('');
  const [performer, setPerformer] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <form
      role="search"
      aria-label="Cerca una vendita"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({
          ...(user.trim() ? { user: user.trim() } : {}),
          ...(performer.trim() ? { performer: performer.trim() } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        });
      }}
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }} gap="3" alignItems="start">
        <FormField label="Utente" helperText="Nome utente o email">
          <Input value={user} onChange={(event) => setUser(event.target.value)} bg="bg.subtle" name="sale-user" />
        </FormField>
        <FormField label="Performer" helperText="Nome o nome utente">
          <Input
            value={performer}
            onChange={(event) => setPerformer(event.target.value)}
            bg="bg.subtle"
            name="sale-performer"
          />
        </FormField>
        <FormField label="Dal giorno">
          <DateField value={from} onChange={setFrom} calendarLabel="Scegli il primo giorno" />
        </FormField>
        <FormField label="Al giorno">
          <DateField value={to} onChange={setTo} calendarLabel="Scegli l'ultimo giorno" />
        </FormField>
      </Grid>
      <Button type="submit" colorPalette="brand" mt="3">
        Cerca
      </Button>
    </form>
  );
}

/** The sales found: who bought what from whom, when, what is left to refund; 'Rimborsa' on each. */
function SalesFound({ query }: { query: SaleSearchInput }) {
  const sales = useSaleSearch(query);
  const [chosen, setChosen] = useState<RefundableSaleView | null>(null);
  // the window is judged as of the answer (a sale whose window closes meanwhile is refused by the server)
  const now = sales.dataUpdatedAt;
  return (
    <>
      <AdminTable<RefundableSaleView>
        query={sales}
        rows={sales.data}
        rowKey={(sale) => `${sale.kind}:${sale.saleId}`}
        rowTestId={() => 'sale-row'}
        empty="Nessuna vendita trovata: prova con altri criteri."
        minW="56rem"
        columns={[
          { header: 'Data', cell: (sale) => formatDateTime(sale.soldAt) },
          { header: 'Utente', cell: (sale) => buyerName(sale) },
          { header: 'Performer', cell: (sale) => performerNameOf(sale) },
          { header: 'Vendita', cell: (sale) => refundKindLabels[sale.kind] },
          { header: 'Importo', align: 'end', cell: (sale) => `${formatAuracoin(sale.amount)} auracoin` },
          { header: 'Già rimborsati', align: 'end', cell: (sale) => formatAuracoin(sale.refunded) },
          {
            header: 'Rimborso',
            align: 'end',
            cell: (sale) =>
              refundLeft(sale) <= 0 ? (
                <Text color="fg.muted">Rimborsata</Text>
              ) : Date.parse(sale.refundableUntil) < now ? (
                <Text color="fg.muted">Fuori tempo</Text>
              ) : (
                <Button
                  size="xs"
                  colorPalette="brand"
                  variant="outline"
                  aria-label={`Rimborsa: ${refundKindLabels[sale.kind]} di ${buyerName(sale)} con ${performerNameOf(sale)}, ${formatDateTime(sale.soldAt)}`}
                  onClick={() => setChosen(sale)}
                >
                  Rimborsa
                </Button>
              ),
          },
        ]}
      />
      <RefundDialog sale={chosen} onClose={() => setChosen(null)} />
    </>
  );
}

/** Admin 'Rimborsi' tab: find the sale, refund it (whole or in part, with the reason), every refund made. */
export function RefundsTab() {
  const refunds = useRefunds();
  const [query, setQuery] = useState<SaleSearchInput | null>(null);
  return (
    <Stack gap="6">
      <SectionCard title="Cerca una vendita">
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Si rimborsano videochat private, messaggi a pagamento e foto; le mance sono definitive.
          </Text>
          <SaleSearchForm onSearch={setQuery} />
          {query ? <SalesFound query={query} /> : null}
        </Stack>
      </SectionCard>
      <SectionCard title="Rimborsi eseguiti">
        <AdminTable<RefundListItem>
          query={refunds}
          rows={refunds.data}
          rowKey={(row) => row.id}
          rowTestId={() => 'refund-row'}
          empty="Nessun rimborso."
          minW="60rem"
          columns={[
            { header: 'Data', cell: (row) => formatDateTime(row.refundedAt) },
            { header: 'Utente', cell: (row) => buyerName(row) },
            { header: 'Performer', cell: (row) => performerNameOf(row) },
            { header: 'Vendita', cell: (row) => refundKindLabels[row.kind] },
            {
              header: 'Rimborsati',
              cell: (row) => `${formatAuracoin(row.amount)} di ${formatAuracoin(row.saleAmount)} auracoin`,
              align: 'end',
            },
            { header: 'Quota ripresa', cell: (row) => formatEuroCents(row.clawbackCents), align: 'end' },
            { header: 'Motivo', cell: (row) => <Text>{row.reason}</Text> },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}
