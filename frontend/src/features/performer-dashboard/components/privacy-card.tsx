import { useState } from 'react';
import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { PerformerView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { useSetGeoblock, useUnblockUser } from '../api/performer';
import { parseCountryCodes } from './country-codes';

/** Her privacy controls: geoblocking by country and the users she blocked. */
export function PrivacyCard({ performer }: { performer: PerformerView }) {
  const geoblock = useSetGeoblock(performer.id);
  const unblock = useUnblockUser(performer.id);
  const [text, setText] = useState(performer.geoblockedCountries.join(', '));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const parsed = parseCountryCodes(text);
    if ('invalid' in parsed) {
      setError(`"${parsed.invalid}" non è un codice paese di 2 lettere (es. IT, FR)`);
      return;
    }
    setError(null);
    geoblock.mutate(parsed.countries, {
      onSuccess: (p) => {
        setText(p.geoblockedCountries.join(', '));
        notify({ type: 'success', title: 'Geoblocking aggiornato', description: p.geoblockedCountries.length ? `Nascosta in: ${p.geoblockedCountries.join(', ')}` : 'Visibile in tutti i paesi' });
      },
      onError: (e) => notify({ type: 'error', title: 'Errore', description: errorMessage(e, { fields: { countries: 'Codici paese non validi: usa 2 lettere (es. IT, FR)' } }) }),
    });
  };

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Privacy
        </Heading>
        <Field.Root invalid={error !== null}>
          <Field.Label>Geoblocking: paesi in cui il tuo profilo è nascosto</Field.Label>
          <HStack gap="2" width="100%" align="flex-start">
            <Input value={text} onChange={(e) => setText(e.currentTarget.value)} placeholder="es. IT, CH" bg="bg.subtle" flex="1" />
            <Button onClick={save} loading={geoblock.isPending} variant="outline">
              Salva
            </Button>
          </HStack>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Codici paese ISO di 2 lettere, separati da virgola.</Field.HelperText>}
        </Field.Root>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            Utenti bloccati
          </Text>
          {performer.blockedUserIds.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Nessun utente bloccato. Puoi bloccare un utente dalla chat: non potrà scriverti né avviare sessioni.
            </Text>
          ) : (
            performer.blockedUserIds.map((userId) => (
              <HStack key={userId} justify="space-between" p="2" rounded="md" bg="bg.muted">
                <Badge variant="outline" fontFamily="mono">
                  {userId.slice(0, 8)}
                </Badge>
                <Button size="xs" variant="outline" loading={unblock.isPending && unblock.variables === userId} onClick={() => unblock.mutate(userId)}>
                  Sblocca
                </Button>
              </HStack>
            ))
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
