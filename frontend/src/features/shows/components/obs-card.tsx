import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../../lib/api-client';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { useRenewWhipToken, useWhipSettings } from '../api/whip';

/** A read-only value she copies into OBS. */
function CopyField({
  label,
  value,
  testId,
  secret,
}: {
  label: string;
  value: string;
  testId: string;
  secret?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(!secret);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <FormField label={label}>
      <HStack>
        <Input readOnly value={value} type={shown ? 'text' : 'password'} data-testid={testId} fontFamily="mono" />
        {secret ? (
          <Button size="sm" variant="ghost" onClick={() => setShown((now) => !now)}>
            {shown ? 'Nascondi' : 'Mostra'}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copia ${label.toLowerCase()}`}>
          {copied ? 'Copiato' : 'Copia'}
        </Button>
      </HStack>
    </FormField>
  );
}

/** 'Trasmetti da OBS': the WHIP address and her token, how to set OBS up, and a new token when she wants one. */
export function ObsCard({ performerId }: { performerId: string }) {
  const settings = useWhipSettings(performerId);
  const renew = useRenewWhipToken(performerId);
  return (
    <SectionCard title="Trasmetti da OBS">
      <Stack gap="3" data-testid="obs-card">
        <Text fontSize="sm">
          Serve OBS Studio 30 o successivo. In OBS apri Impostazioni → Stream, scegli il servizio «WHIP» e incolla
          l&apos;indirizzo e il token qui sotto; come codifica video va bene H.264 (quella predefinita). Quando avvii la
          trasmissione in OBS vai in onda con il titolo del tuo ultimo show, che puoi cambiare qui mentre sei in onda;
          quando la fermi lo show termina. Nella galleria il tuo show da OBS ha come anteprima la tua foto profilo.
        </Text>
        {settings.data ? (
          <>
            <CopyField label="Indirizzo WHIP" value={settings.data.url} testId="whip-url" />
            <CopyField label="Token (Bearer)" value={settings.data.token} testId="whip-token" secret />
          </>
        ) : settings.isError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(settings.error)}
          </Text>
        ) : (
          <Text role="status">Caricamento...</Text>
        )}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => renew.mutate()} loading={renew.isPending}>
            Genera un nuovo token
          </Button>
          <Text fontSize="xs" color="fg.muted">
            Il token precedente smette subito di funzionare.
          </Text>
        </HStack>
        {renew.isError ? (
          <Text color="fg.error" role="alert" fontSize="sm">
            {errorMessage(renew.error)}
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

/** In her live panel while OBS streams the show: her browser does not publish, OBS does. */
export function ObsStreamNotice() {
  return (
    <Stack h="full" align="center" justify="center" p="4" textAlign="center" data-testid="obs-live">
      <Text fontWeight="bold">In onda da OBS</Text>
      <Text fontSize="sm" color="fg.muted">
        Il video arriva dal tuo programma di trasmissione: fermalo in OBS o termina lo show qui.
      </Text>
    </Stack>
  );
}
