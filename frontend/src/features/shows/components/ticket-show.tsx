import { Box, Button, Flex, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import {
  TICKET_REQUIRED_TEXT,
  TICKET_SHOW_DESCRIPTION_MAX,
  TICKET_SHOW_FORM_MESSAGES,
  TICKET_SHOW_STARTS_IN_MAX,
  TICKET_SHOW_STARTS_IN_MIN,
  type TicketShowView,
} from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { formatAuracoin, formatTime, parseAuracoin } from '../../../lib/format';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  useAnnounceTicketShow,
  useBuyTicket,
  useCancelTicketShow,
  useTicketShow,
  useTicketShowPushes,
} from '../api/ticket-shows';
import { ticketShowSchema } from './show-schemas';

const TICKET_REFUSED = {
  'body.price': TICKET_SHOW_FORM_MESSAGES.price,
  'body.startsInMinutes': TICKET_SHOW_FORM_MESSAGES.startsInMinutes,
  'body.description': TICKET_SHOW_FORM_MESSAGES.descriptionRequired,
};

const isOpen = (view: TicketShowView) => view.status === 'announced' || view.status === 'started';

/** The viewer without a ticket, while the ticketed part runs: no video, the message and the way to buy. */
export const ticketRequired = (view: TicketShowView | null | undefined) =>
  view?.status === 'started' && !view.hasTicket;

const closedText: Record<string, string> = {
  cancelled: 'Show a pagamento annullato: i biglietti sono stati rimborsati',
  refunded: 'Show a pagamento concluso prima dei 5 minuti: i biglietti sono stati rimborsati',
  completed: 'Show a pagamento concluso',
};

/** What the ticketed part is: its description, price and start. */
function TicketShowTerms({ view }: { view: TicketShowView }) {
  return (
    <Stack gap="0">
      <Text fontWeight="bold" data-testid="ticket-show-description">
        Show a pagamento: {view.description}
      </Text>
      <Text fontSize="sm" data-testid="ticket-show-terms">
        Biglietto {formatAuracoin(view.price)} auracoin · {view.status === 'started' ? 'iniziato alle' : 'inizia alle'}{' '}
        {formatTime(view.startsAt)}
      </Text>
    </Stack>
  );
}

/** Her live panel: 'Show a pagamento' (price, start in minutes, description), and its cancel while it is on. */
export function TicketShowControls({ showId }: { showId: string }) {
  useTicketShowPushes(showId);
  const ticketShow = useTicketShow(showId);
  const announce = useAnnounceTicketShow(showId);
  const cancel = useCancelTicketShow(showId);
  const formik = useFormik({
    initialValues: { price: '', startsInMinutes: '10', description: '' },
    validationSchema: ticketShowSchema,
    onSubmit: async (values, helpers) => {
      try {
        await announce.mutateAsync({
          price: parseAuracoin(values.price),
          startsInMinutes: Number(values.startsInMinutes),
          description: values.description.trim(),
        });
        helpers.resetForm();
      } catch (error) {
        showRefusedFields(helpers, error, {
          price: TICKET_SHOW_FORM_MESSAGES.price,
          startsInMinutes: TICKET_SHOW_FORM_MESSAGES.startsInMinutes,
          description: TICKET_SHOW_FORM_MESSAGES.descriptionRequired,
        });
      }
    },
  });
  const view = ticketShow.data;
  if (view && isOpen(view))
    return (
      <Stack gap="2" p="3" rounded="lg" borderWidth="1px" data-testid="ticket-show-panel">
        <TicketShowTerms view={view} />
        <Text fontSize="sm" data-testid="ticket-show-sold">
          Biglietti venduti: {view.ticketsSold}
        </Text>
        <Button
          colorPalette="red"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => cancel.mutate()}
          loading={cancel.isPending}
          data-testid="ticket-show-cancel"
        >
          Annulla lo show a pagamento
        </Button>
        {cancel.isError ? (
          <Text color="fg.error" role="alert" fontSize="sm">
            {errorMessage(cancel.error)}
          </Text>
        ) : null}
      </Stack>
    );
  if (view) return <Text data-testid="ticket-show-closed">{closedText[view.status]}</Text>;
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Show a pagamento">
      <Text fontWeight="bold" mb="2">
        Show a pagamento
      </Text>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 2fr auto' }} gap="2" alignItems="end">
        <FormField label="Prezzo del biglietto (auracoin)" required error={fieldError(formik, 'price')}>
          <Input
            type="number"
            inputMode="decimal"
            min={1}
            step={0.5}
            {...formik.getFieldProps('price')}
            data-testid="ticket-show-price"
          />
        </FormField>
        <FormField label="Inizia tra (minuti)" required error={fieldError(formik, 'startsInMinutes')}>
          <Input
            type="number"
            inputMode="numeric"
            min={TICKET_SHOW_STARTS_IN_MIN}
            max={TICKET_SHOW_STARTS_IN_MAX}
            step={1}
            {...formik.getFieldProps('startsInMinutes')}
            data-testid="ticket-show-starts-in"
          />
        </FormField>
        <FormField label="Descrizione" required error={fieldError(formik, 'description')}>
          <Input
            maxLength={TICKET_SHOW_DESCRIPTION_MAX}
            placeholder="es. Balli sul palco"
            {...formik.getFieldProps('description')}
            data-testid="ticket-show-description-input"
          />
        </FormField>
        <SubmitButton variant="outline" loading={formik.isSubmitting} data-testid="ticket-show-announce">
          Annuncia
        </SubmitButton>
      </Grid>
      {announce.isError ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {errorMessage(announce.error, { fields: TICKET_REFUSED })}
        </Text>
      ) : null}
    </form>
  );
}

/** The room's announcement: price and start, 'Acquista il biglietto' (signed in, no ticket yet), or that it is over. */
export function TicketShowBanner({ showId, signedIn }: { showId: string; signedIn: boolean }) {
  useTicketShowPushes(showId);
  const ticketShow = useTicketShow(showId);
  const buy = useBuyTicket(showId);
  const view = ticketShow.data;
  if (!view) return null;
  if (!isOpen(view))
    return (
      <Box p="3" rounded="lg" bg="bg.muted" role="status" data-testid="ticket-show-closed">
        <Text>{closedText[view.status]}</Text>
      </Box>
    );
  return (
    <Flex
      p="3"
      rounded="lg"
      borderWidth="1px"
      gap="3"
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      data-testid="ticket-show-banner"
    >
      <TicketShowTerms view={view} />
      {view.hasTicket ? (
        <Text fontWeight="bold" color="green.600" data-testid="ticket-held">
          Hai il biglietto
        </Text>
      ) : signedIn ? (
        <Stack gap="1">
          <Button colorPalette="brand" onClick={() => buy.mutate()} loading={buy.isPending} data-testid="ticket-buy">
            Acquista il biglietto
          </Button>
          {buy.isError ? (
            <Text color="fg.error" role="alert" fontSize="sm">
              {errorMessage(buy.error)}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Accedi per acquistare il biglietto.
        </Text>
      )}
    </Flex>
  );
}

/** In place of her video while the ticketed part runs and this viewer has no ticket. */
export function TicketRequiredNotice() {
  return (
    <Flex position="absolute" inset="0" align="center" justify="center" p="4" textAlign="center">
      <Text fontSize="xl" fontWeight="bold" role="alert" data-testid="ticket-required">
        {TICKET_REQUIRED_TEXT}
      </Text>
    </Flex>
  );
}
