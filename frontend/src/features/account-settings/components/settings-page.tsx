import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MIN } from '@aura/contracts';
import { Navigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { clearStoredUser, useStoredUser } from '../../../lib/session-storage';
import { notify } from '../../../components/ui/toaster';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { formatAuracoin } from '../../../lib/format';
import {
  downloadMyData,
  useChangePassword,
  useConfirmEmailChange,
  useCheckDeleteMe,
  useDeleteMe,
  useRequestEmailChange,
} from '../api/settings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Labelled({ label, ...input }: { label: string } & React.ComponentProps<typeof Input>) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input bg="bg.subtle" {...input} />
    </Field.Root>
  );
}

/** 'Impostazioni' (docs/product.md#account): password, email by a link, his data, deleting his account. */
export function SettingsPage() {
  const user = useStoredUser();
  const password = useChangePassword();
  const email = useRequestEmailChange();
  const remove = useDeleteMe();
  const checkDelete = useCheckDeleteMe();
  /** the auracoin the deletion would lose, once his password was checked (null: not asked) */
  const [losing, setLosing] = useState<number | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [deletePassword, setDeletePassword] = useState('');
  /** the deletion asked for is his consent's withdrawal ('Revoca consenso'): the same path, its own words */
  const [withdrawing, setWithdrawing] = useState(false);
  const [consentPassword, setConsentPassword] = useState('');
  /** his account is gone: home, not the sign-in page a signed-out visitor of this page is sent to */
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/login" replace />;

  const changePassword = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN)
      return notify({ type: 'error', title: `La nuova password deve avere almeno ${PASSWORD_MIN} caratteri` });
    password.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          notify({
            type: 'success',
            title: 'Password aggiornata',
            description: 'Le altre sessioni del tuo account sono state chiuse.',
          });
        },
        onError: (error) =>
          notify({ type: 'error', title: 'Password non aggiornata', description: errorMessage(error) }),
      },
    );
  };
  const changeEmail = (event: FormEvent) => {
    event.preventDefault();
    email.mutate(
      { email: newEmail.trim(), password: emailPassword },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: 'Controlla la tua email',
            description: `Abbiamo inviato un link di conferma a ${newEmail.trim()}.`,
          }),
        onError: (error) => notify({ type: 'error', title: 'Email non cambiata', description: errorMessage(error) }),
      },
    );
  };
  // the password is checked on the server first; then a dialog says what the deletion loses
  const askToDelete = (consentWithdrawn: boolean) => (event: FormEvent) => {
    event.preventDefault();
    setWithdrawing(consentWithdrawn);
    checkDelete.mutate(consentWithdrawn ? consentPassword : deletePassword, {
      onSuccess: ({ auracoinBalance }) => setLosing(auracoinBalance),
      onError: (error) => notify({ type: 'error', title: 'Account non eliminato', description: errorMessage(error) }),
    });
  };
  const confirmDelete = () =>
    remove.mutate(
      withdrawing ? { password: consentPassword, reason: 'consent_withdrawn' } : { password: deletePassword },
      {
        onSuccess: () => {
          setLosing(null);
          setDeleted(true);
          clearStoredUser();
          notify({ type: 'success', title: withdrawing ? 'Consenso revocato: account chiuso' : 'Account eliminato' });
        },
        onError: (error) => {
          setLosing(null);
          notify({ type: 'error', title: 'Account non eliminato', description: errorMessage(error) });
        },
      },
    );

  return (
    <Container maxW="2xl" px="4" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Impostazioni
        </Heading>
        <Section title="Cambia password">
          <Stack as="form" gap="3" onSubmit={changePassword} aria-label="Cambia password">
            <Labelled
              label="Password attuale"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
            <Labelled
              label="Nuova password"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={password.isPending}>
              Aggiorna password
            </Button>
          </Stack>
        </Section>
        <Section title="Cambia email">
          <Text color="fg.muted" fontSize="sm">
            Email attuale: {user.email}. La nuova vale solo dopo che apri il link che le inviamo.
          </Text>
          <Stack as="form" gap="3" onSubmit={changeEmail} aria-label="Cambia email">
            <Labelled
              label="Nuova email"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
            <Labelled
              label="Password"
              type="password"
              autoComplete="current-password"
              value={emailPassword}
              onChange={(e) => setEmailPassword(e.target.value)}
            />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={email.isPending}>
              Invia il link di conferma
            </Button>
          </Stack>
        </Section>
        <Section title="I tuoi dati">
          <Text color="fg.muted" fontSize="sm">
            Scarica in formato JSON il tuo profilo, gli acquisti, i movimenti del saldo e i messaggi.
          </Text>
          <Button
            variant="outline"
            alignSelf="flex-start"
            onClick={() =>
              void downloadMyData().catch((error: unknown) =>
                notify({ type: 'error', title: 'Download non riuscito', description: errorMessage(error) }),
              )
            }
          >
            Scarica i miei dati
          </Button>
        </Section>
        <Section title="Elimina account">
          <Text color="fg.muted" fontSize="sm">
            I tuoi dati personali vengono cancellati; i movimenti contabili restano, anonimi, come richiede la legge.
          </Text>
          <Stack as="form" gap="3" onSubmit={askToDelete(false)} aria-label="Elimina account">
            <Labelled
              label="Password per confermare"
              type="password"
              autoComplete="current-password"
              value={deletePassword}
              onChange={(e) => setDeletePassword(e.target.value)}
            />
            <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={checkDelete.isPending}>
              Elimina il mio account
            </Button>
          </Stack>
          <DialogFrame
            open={losing !== null}
            onClose={() => setLosing(null)}
            role="alertdialog"
            title={withdrawing ? 'Revocare il consenso e chiudere il tuo account?' : 'Eliminare il tuo account?'}
            testId="delete-account-confirm"
            footer={
              <>
                <Button variant="outline" onClick={() => setLosing(null)} disabled={remove.isPending}>
                  Annulla
                </Button>
                <Button colorPalette="red" loading={remove.isPending} onClick={confirmDelete}>
                  {withdrawing ? 'Revoca consenso e chiudi' : 'Elimina definitivamente'}
                </Button>
              </>
            }
          >
            <Stack gap="3">
              <Text data-testid="delete-account-loss">
                {losing !== null && losing > 0 ? (
                  <>
                    Perderai i tuoi <strong>{formatAuracoin(losing)} auracoin</strong>: non vengono rimborsati né
                    trasferiti.
                  </>
                ) : (
                  'Il tuo saldo è di 0 auracoin: non perdi auracoin.'
                )}
              </Text>
              <Text>
                {withdrawing
                  ? 'Senza il tuo consenso non possiamo trattare i dati relativi alla tua vita sessuale, quindi il tuo account viene chiuso: '
                  : ''}
                I tuoi dati personali saranno cancellati e non potrai più accedere. L'operazione non si annulla.
              </Text>
            </Stack>
          </DialogFrame>
        </Section>
        <Section title="Consenso ai dati sensibili">
          <Text color="fg.muted" fontSize="sm">
            Hai acconsentito al trattamento dei dati relativi alla tua vita sessuale (art. 9 GDPR). Puoi revocare il
            consenso in qualsiasi momento: senza, Aura non può offrirti il servizio e il tuo account viene chiuso.
          </Text>
          <Stack as="form" gap="3" onSubmit={askToDelete(true)} aria-label="Revoca consenso">
            <Labelled
              label="Password per revocare il consenso"
              type="password"
              autoComplete="current-password"
              value={consentPassword}
              onChange={(e) => setConsentPassword(e.target.value)}
            />
            <Button
              type="submit"
              colorPalette="red"
              variant="outline"
              alignSelf="flex-start"
              loading={checkDelete.isPending}
            >
              Revoca consenso
            </Button>
          </Stack>
        </Section>
      </Stack>
    </Container>
  );
}

/** The link sent to his new address: confirms it once. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  const token = params.get('token') ?? '';
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  return (
    <Container maxW="lg" px="4" py="16">
      <Stack gap="3">
        <Heading as="h1" size="xl">
          Conferma email
        </Heading>
        <Text role="status">
          {confirm.isSuccess
            ? 'Email confermata: ora è quella del tuo account.'
            : confirm.isError
              ? errorMessage(confirm.error)
              : 'Conferma in corso...'}
        </Text>
      </Stack>
    </Container>
  );
}
