import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { call, startAgeCheck } from '../../../lib/api';

const AGE_STATUS_KEY = ['age-verification'] as const;

/** This browser session's proof of age, and whether the sandbox runs where real people come (issue 39 item 1). */
export function useAgeVerification() {
  return useQuery({
    queryKey: AGE_STATUS_KEY,
    queryFn: ({ signal }) => call('ageVerificationStatus', { signal }),
    staleTime: 60_000,
  });
}

/** Sends the browser to the age check, and back here afterwards (the one path, ../../../lib/api). */
export { startAgeCheck };

/**
 * On every page: 'Modalità di prova' while the sandbox checks ages where real people come, and,
 * until this browser session proves the age, the way to the check (portraits stay blurred and
 * photos, shows, sessions and chat closed before it).
 */
export function AgeCheckNotice({ gateAnswered }: { gateAnswered: boolean }) {
  const { data } = useAgeVerification();
  if (!data) return null;
  return (
    <>
      {data.testMode ? (
        <Box
          role="status"
          bg="orange.solid"
          color="orange.contrast"
          textAlign="center"
          py="1"
          fontWeight="bold"
          data-testid="test-mode-banner"
        >
          Modalità di prova
        </Box>
      ) : null}
      {!data.verified && gateAnswered ? (
        <HStack
          role="region"
          aria-label="Verifica dell'età"
          justify="center"
          gap="3"
          py="2"
          px="4"
          bg="bg.muted"
          wrap="wrap"
        >
          <Text>Per vedere foto, dirette e chat senza sfocature verifica la tua età: non ci dirai chi sei.</Text>
          <Button size="sm" colorPalette="brand" onClick={() => void startAgeCheck()}>
            Verifica la tua età
          </Button>
        </HStack>
      ) : null}
    </>
  );
}
