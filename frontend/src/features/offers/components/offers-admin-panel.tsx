import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { OFFER_DEFAULT_MINUTES, OFFER_FIELD_MESSAGES, type OfferView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { AdminTable } from '../../../components/ui/admin-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCreateOffer, useEndOffer, useOffers } from '../api/offers';
import { useNow } from '../hooks/use-countdown';

const statusOf = (offer: OfferView, now: number) => {
  if (offer.endedAt) return { label: 'Terminata', palette: 'gray' };
  if (Date.parse(offer.endsAt) <= now) return { label: 'Scaduta', palette: 'gray' };
  return { label: 'Attiva', palette: 'green' };
};

/** Limited offers for the admin console's Pacchetti tab: start one (bonus %, duration), end one. */
export function OffersAdminPanel() {
  const offers = useOffers();
  const now = useNow();
  const createOffer = useCreateOffer();
  const endOffer = useEndOffer();
  const [bonus, setBonus] = useState('20');
  const [minutes, setMinutes] = useState(String(OFFER_DEFAULT_MINUTES));
  const bonusId = useId();
  const minutesId = useId();
  const bonusValue = Number(bonus);
  const minutesValue = Number(minutes);
  const bonusInvalid = !Number.isInteger(bonusValue) || bonusValue < 1 || bonusValue > 100;
  const minutesInvalid = !Number.isInteger(minutesValue) || minutesValue < 1 || minutesValue > 43200;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bonusInvalid || minutesInvalid) return;
    createOffer.mutate(
      { bonusPercent: bonusValue, durationMinutes: minutesValue },
      {
        onSuccess: () => notify({ type: 'success', title: 'Offerta creata' }),
        onError: (error) =>
          notify({
            type: 'error',
            title: 'Errore',
            description: errorMessage(error, { fields: OFFER_FIELD_MESSAGES }),
          }),
      },
    );
  };

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" data-testid="offers-admin-panel">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h3" size="md">
            Offerte limitate
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Un bonus in auracoin su tutti i pacchetti, per un tempo limitato. Il banner compare solo mentre l'offerta è
            attiva.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <HStack gap="3" align="flex-end" flexWrap="wrap">
            <Field.Root invalid={bonusInvalid} maxW="40">
              <Field.Label htmlFor={bonusId}>Bonus (%)</Field.Label>
              <Input
                id={bonusId}
                type="number"
                min={1}
                max={100}
                step={1}
                value={bonus}
                onChange={(e) => setBonus(e.target.value)}
              />
              <Field.ErrorText>{OFFER_FIELD_MESSAGES.bonusPercent}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={minutesInvalid} maxW="48">
              <Field.Label htmlFor={minutesId}>Durata (minuti)</Field.Label>
              <Input
                id={minutesId}
                type="number"
                min={1}
                step={1}
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
              <Field.ErrorText>{OFFER_FIELD_MESSAGES.durationMinutes}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="brand"
              loading={createOffer.isPending}
              disabled={bonusInvalid || minutesInvalid}
            >
              Avvia offerta
            </Button>
          </HStack>
        </form>
        <AdminTable
          query={offers}
          rows={offers.data}
          empty="Nessuna offerta creata."
          rowKey={(offer) => offer.id}
          columns={[
            { header: 'Bonus', cell: (offer) => `+${offer.bonusPercent}%` },
            { header: 'Inizio', cell: (offer) => formatDateTime(offer.startsAt) },
            { header: 'Fine', cell: (offer) => formatDateTime(offer.endedAt ?? offer.endsAt) },
            {
              header: 'Stato',
              cell: (offer) => {
                const status = statusOf(offer, now);
                return <Badge colorPalette={status.palette}>{status.label}</Badge>;
              },
            },
            {
              header: 'Azioni',
              hiddenHeader: true,
              align: 'end',
              cell: (offer) =>
                statusOf(offer, now).label === 'Attiva' ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    loading={endOffer.isPending && endOffer.variables === offer.id}
                    onClick={() =>
                      endOffer.mutate(offer.id, {
                        onSuccess: () => notify({ type: 'success', title: 'Offerta terminata' }),
                        onError: (error) =>
                          notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
                      })
                    }
                  >
                    Termina
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card.Body>
    </Card.Root>
  );
}
