import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Input, Stack, Text } from '@chakra-ui/react';
import type { MfaEnrollment } from '@aura/contracts';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useAdminMfa, useConfirmMfa, useEnrollMfa } from '../api/mfa';

let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (iso: string) =>
  (dateFormat ??= new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })).format(new Date(iso));
/** 'ABCD EFGH …': the manual key in groups of four, as apps show it */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 1, width: 200 }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img
      src={src}
      width={200}
      height={200}
      alt="Codice QR da inquadrare con l'app di autenticazione"
      data-testid="mfa-qr"
    />
  ) : null;
}

function Enrolment({ enrollment }: { enrollment: MfaEnrollment }) {
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError('Inserisci le 6 cifre del codice');
      return;
    }
    try {
      await confirm.mutateAsync(code.replace(/\s+/g, ''));
      notify({
        type: 'success',
        title: 'Verifica a due fattori attivata',
        description: 'Da ora le operazioni sul denaro chiedono un codice.',
      });
    } catch (failure) {
      setError(
        errorMessage(failure, {
          codes: { validation_failed: 'Codice non valido: inserisci il codice attuale della tua app' },
        }),
      );
    }
  };
  return (
    <Stack gap="4" data-testid="mfa-enrolment">
      <Text>1. Inquadra il codice QR con la tua app di autenticazione (Google Authenticator, Authy, 1Password…).</Text>
      <QrCode text={enrollment.otpauthUrl} />
      <Text>
        Oppure inserisci a mano la chiave:{' '}
        <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="mfa-secret">
          {grouped(enrollment.secret)}
        </Text>
      </Text>
      <Alert.Root status="warning" rounded="lg">
        <Alert.Indicator />
        <Stack gap="2">
          <Alert.Title>2. Conserva i codici di recupero in un posto sicuro: non verranno più mostrati.</Alert.Title>
          <Alert.Description>Ciascuno sostituisce una volta il codice dell'app, se la perdi.</Alert.Description>
          <Text as="ul" fontFamily="mono" data-testid="mfa-recovery-codes" listStyleType="none">
            {enrollment.recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </Text>
        </Stack>
      </Alert.Root>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3" maxW="sm">
          <FormField label="3. Codice a 6 cifre dell'app" error={error} required>
            <Input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              bg="bg.subtle"
              data-testid="mfa-confirm-code"
            />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={confirm.isPending}>
            Conferma e attiva
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** 'Verifica a due fattori': her status, and the enrolment (QR code, manual key, recovery codes shown once, confirmation). */
export function SecuritySection() {
  const status = useAdminMfa();
  const enroll = useEnrollMfa();
  const [enrollment, setEnrollment] = useState<MfaEnrollment | null>(null);
  const start = async () => {
    try {
      setEnrollment(await enroll.mutateAsync());
    } catch (error) {
      notify({
        type: 'error',
        title: 'Impossibile avviare la verifica a due fattori',
        description: errorMessage(error),
      });
    }
  };
  const data = status.data;
  return (
    <SectionCard title="Verifica a due fattori">
      {data?.enrolled ? (
        <Stack gap="2" data-testid="mfa-enrolled">
          <Badge colorPalette="green" alignSelf="flex-start">
            Attiva
          </Badge>
          <Text>
            Attiva dal {data.confirmedAt ? formatDate(data.confirmedAt) : '–'}: pagamenti, rettifiche dei saldi e
            rimborsi chiedono un codice dell'app.
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Codici di recupero rimasti: {data.recoveryCodesLeft}
          </Text>
        </Stack>
      ) : enrollment ? (
        <Enrolment enrollment={enrollment} />
      ) : (
        <Stack gap="3">
          {data?.required ? (
            <Alert.Root status="info" rounded="lg">
              <Alert.Indicator />
              <Alert.Title>Attiva la verifica a due fattori prima di usare la console di amministrazione.</Alert.Title>
            </Alert.Root>
          ) : null}
          <Text>
            Proteggi il tuo account: oltre alla password, le operazioni sul denaro chiederanno un codice della tua app
            di autenticazione.
          </Text>
          <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void start()} loading={enroll.isPending}>
            Attiva la verifica a due fattori
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
