import { useState } from 'react';
import { Badge, Box, Button, HStack, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/ui/dialog-frame';

export interface AliasOption {
  id: string;
  aliasName: string;
}

export interface AliasChooserProps {
  open: boolean;
  realName: string;
  aliases: AliasOption[] | undefined;
  isLoading: boolean;
  onCancel: () => void;
  onConfirm: (displayName: string) => void;
}

const SELF = '__self__';

/** 'Chi vuoi essere oggi?' (spec §2): real name or one of the active aliases, before a video chat. */
export function AliasChooser({ open, realName, aliases, isLoading, onCancel, onConfirm }: AliasChooserProps) {
  const [choice, setChoice] = useState<string>(SELF);
  const chosen = choice === SELF ? realName : (aliases?.find((a) => a.id === choice)?.aliasName ?? realName);

  return (
    <DialogFrame
      open={open}
      onClose={onCancel}
      onExitComplete={() => setChoice(SELF)}
      title="Chi vuoi essere oggi?"
      testId="alias-chooser"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Annulla
          </Button>
          <Button colorPalette="brand" onClick={() => onConfirm(chosen)}>
            Continua con {chosen}
          </Button>
        </>
      }
    >
      <RadioGroup.Root value={choice} onValueChange={(e) => setChoice(e.value ?? SELF)} colorPalette="brand" aria-label="Identità">
        <Stack gap="2">
          <RadioGroup.Item value={SELF} p="3" rounded="lg" borderWidth="1px" borderColor="border" width="100%">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              <Stack gap="0">
                <Text fontWeight="semibold">{realName}</Text>
                <Text fontSize="sm" color="fg.muted">
                  Te stesso
                </Text>
              </Stack>
            </RadioGroup.ItemText>
          </RadioGroup.Item>
          {isLoading ? <Spinner size="sm" aria-label="Caricamento..." /> : null}
          {aliases?.map((a) => (
            <RadioGroup.Item key={a.id} value={a.id} p="3" rounded="lg" borderWidth="1px" borderColor="border" width="100%">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText flex="1">
                <HStack justify="space-between" width="100%">
                  <Stack gap="0">
                    <Text fontWeight="semibold">{a.aliasName}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Identità alternativa
                    </Text>
                  </Stack>
                  <Badge colorPalette="purple">Anonimo</Badge>
                </HStack>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
          {!isLoading && aliases?.length === 0 ? (
            <Box p="3" rounded="lg" bg="bg.muted">
              <Text fontWeight="medium">Nessuna identità alternativa</Text>
              <Text fontSize="sm" color="fg.muted">
                Puoi crearne una dalla tua dashboard, con il pulsante &apos;Nuovo alias&apos;.
              </Text>
            </Box>
          ) : null}
        </Stack>
      </RadioGroup.Root>
    </DialogFrame>
  );
}
