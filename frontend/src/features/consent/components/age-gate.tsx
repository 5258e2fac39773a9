import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { ADULT_AGE } from '@aura/contracts';
import { AGE_CONFIRMED_KEY, useRemembered } from '../hooks/use-remembered';
import { startAgeCheck, useAgeVerification } from './age-check';

/** Where 'Esci' sends a visitor who is not an adult. */
const LEAVE_URL = 'https://www.google.it/';

/** The app's own root (frontend/index.html); the gate is portaled out of it. */
const APP_ROOT_ID = 'root';

/**
 * While the gate stands, the page behind it is inert and hidden from assistive technology, as
 * behind any modal: nothing there takes focus, clicks or a screen reader's cursor (nor does axe
 * weigh the contrast of text under the backdrop).
 */
function useInertBehind(open: boolean) {
  useEffect(() => {
    const root = document.getElementById(APP_ROOT_ID);
    if (!open || !root) return undefined;
    root.inert = true;
    root.setAttribute('aria-hidden', 'true');
    return () => {
      root.inert = false;
      root.removeAttribute('aria-hidden');
    };
  }, [open]);
}

/**
 * The 18+ gate of a first visit (docs/product.md#age-gate): nothing of the site is usable until he
 * says 'Ho almeno 18 anni', remembered on this browser; 'Esci' says the site is for adults only
 * and offers the way out.
 */
export function AgeGate() {
  const [confirmed, confirm] = useRemembered(AGE_CONFIRMED_KEY);
  const [leaving, setLeaving] = useState(false);
  const age = useAgeVerification();
  // the first step only (Italian law asks for it): then the certified check, unless this session holds a proof
  const enterAndCheck = () => {
    confirm();
    if (age.data && !age.data.verified) void startAgeCheck();
  };
  const enter = useRef<HTMLButtonElement>(null);
  useInertBehind(!confirmed);
  if (confirmed) return null;
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      initialFocusEl={() => enter.current}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.800" backdropFilter="blur(8px)" />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" mx="4" data-testid="age-gate">
            <Dialog.Header>
              <Dialog.Title>Solo per maggiorenni</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {leaving ? (
                  <Text role="status">
                    Aura è riservato a chi ha almeno {ADULT_AGE} anni: non puoi entrare.{' '}
                    <Link href={LEAVE_URL} color="brand.fg" textDecoration="underline">
                      Lascia il sito
                    </Link>
                  </Text>
                ) : (
                  <>
                    <Text>Aura contiene videochat per adulti. Per entrare devi avere almeno {ADULT_AGE} anni.</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Entrando confermi di avere almeno {ADULT_AGE} anni e di accettare i Termini di servizio.
                    </Text>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setLeaving(true)} disabled={leaving}>
                Esci
              </Button>
              <Button ref={enter} colorPalette="brand" onClick={enterAndCheck}>
                Ho almeno 18 anni
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
