import { useEffect, useRef, useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormField } from '../../../components/ui/form-field';
import { setSecondFactorPrompt } from '../../../lib/second-factor';

const CODE_PATTERN = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i;

interface Pending {
  retry: boolean;
  resolve: (code: string | null) => void;
}

/**
 * 'Verifica a due fattori': whenever a privileged action (money, prices, people, power) answers `mfa_required`, the console asks for
 * a code of her authenticator app (or a recovery code) and sends the action again with it.
 */
export function MfaPrompt() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      setSecondFactorPrompt(
        ({ retry }) =>
          new Promise<string | null>((resolve) => {
            setCode('');
            setError(retry ? 'Codice non valido o già usato: inserisci il codice attuale della tua app' : undefined);
            setPending({ retry, resolve });
          }),
      ),
    [],
  );

  const close = (answer: string | null) => {
    pending?.resolve(answer);
    setPending(null);
  };
  const submit = () => {
    const typed = code.replace(/\s+/g, '');
    if (!CODE_PATTERN.test(typed)) {
      setError('Inserisci le 6 cifre del codice o un codice di recupero');
      return;
    }
    close(typed);
  };

  return (
    <DialogFrame
      open={pending !== null}
      onClose={() => close(null)}
      title="Verifica a due fattori"
      onSubmit={submit}
      formLabel="Conferma l’operazione con il codice"
      initialFocusEl={() => input.current}
      testId="mfa-prompt"
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={() => close(null)}>
            Annulla
          </Button>
          <Button type="submit" colorPalette="brand">
            Conferma
          </Button>
        </HStack>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">
          Questa operazione tocca denaro, prezzi, account o permessi: inserisci il codice a 6 cifre della tua app di
          autenticazione, oppure un codice di recupero.
        </Text>
        <FormField label="Codice di verifica" error={error} required>
          <Input
            ref={input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={11}
            bg="bg.subtle"
            data-testid="mfa-code"
          />
        </FormField>
      </Stack>
    </DialogFrame>
  );
}
