import { useMemo, useState } from 'react';
import { Badge, Button, Card, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { PerformerView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { useSetGeoblock, useUnblockUser } from '../api/performer';
import { countryName, countryOptions } from './country-codes';

/** Her privacy controls: geoblocking by country (Italian names over ISO codes) and the users she blocked. */
export function PrivacyCard({ performer }: { performer: PerformerView }) {
  const geoblock = useSetGeoblock(performer.id);
  const unblock = useUnblockUser(performer.id);
  const options = useMemo(() => countryOptions(), []);
  const [countries, setCountries] = useState<string[]>(performer.geoblockedCountries);
  const [choice, setChoice] = useState('');

  const add = () => {
    if (choice && !countries.includes(choice)) setCountries([...countries, choice]);
    setChoice('');
  };
  const save = () =>
    geoblock.mutate(countries, {
      onSuccess: (p) => {
        setCountries(p.geoblockedCountries);
        notify({
          type: 'success',
          title: 'Geoblocking aggiornato',
          description: p.geoblockedCountries.length
            ? `Nascosta in: ${p.geoblockedCountries.map((code) => countryName(code)).join(', ')}`
            : 'Visibile in tutti i paesi',
        });
      },
      onError: (e) =>
        notify({
          type: 'error',
          title: 'Errore',
          description: errorMessage(e, { fields: { countries: 'Paesi non validi' } }),
        }),
    });

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Privacy
        </Heading>
        <Field.Root>
          <Field.Label>Geoblocking: paesi in cui il tuo profilo è nascosto</Field.Label>
          <HStack gap="2" width="100%" align="flex-start" flexWrap="wrap">
            <NativeSelect.Root flex="1" minW="48">
              <NativeSelect.Field
                value={choice}
                onChange={(e) => setChoice(e.currentTarget.value)}
                bg="bg.subtle"
                data-testid="geoblock-country"
              >
                <option value="">Scegli un paese</option>
                {options.map((option) => (
                  <option key={option.code} value={option.code} disabled={countries.includes(option.code)}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button onClick={add} disabled={!choice} variant="outline">
              Aggiungi
            </Button>
          </HStack>
          <Field.HelperText>Chi si collega da questi paesi non vede il tuo profilo.</Field.HelperText>
        </Field.Root>
        <HStack gap="2" flexWrap="wrap" data-testid="geoblocked-countries">
          {countries.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Visibile in tutti i paesi.
            </Text>
          ) : (
            countries.map((code) => (
              <Button
                key={code}
                size="xs"
                variant="subtle"
                aria-label={`Rimuovi ${countryName(code)}`}
                onClick={() => setCountries(countries.filter((other) => other !== code))}
              >
                {countryName(code)} ✕
              </Button>
            ))
          )}
        </HStack>
        <Button alignSelf="flex-start" colorPalette="brand" onClick={save} loading={geoblock.isPending}>
          Salva geoblocking
        </Button>
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
                <Button
                  size="xs"
                  variant="outline"
                  loading={unblock.isPending && unblock.variables === userId}
                  onClick={() => unblock.mutate(userId)}
                >
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
