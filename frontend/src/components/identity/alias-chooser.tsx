import { useState } from 'react';
import { Badge, Box, Button, HStack, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { aliasesQueryOptions, conversationsQueryOptions } from '../../lib/shared-queries';
import { lastIdentityWith, rememberIdentityWith } from '../../lib/last-identity';
import { DialogFrame } from '../ui/dialog-frame';

/** Who the user chose to be: their real name (aliasId null) or one of their active aliases. */
export interface ChosenIdentity {
  aliasId: string | null;
  displayName: string;
}

export interface AliasChooserProps {
  open: boolean;
  /** the signed-in user: their aliases are read once the dialog opens */
  userId: string;
  /** their username, labelled 'Te stesso' */
  realName: string;
  /** whom he is choosing for: the identity he last used with her is selected when it opens */
  performerId?: string | null;
  /** the identity selected when it opens (a conversation's own); without it, the last one used with her, else the real name */
  selectedAliasId?: string | null;
  onCancel: () => void;
  onConfirm: (identity: ChosenIdentity) => void;
}

const SELF = '__self__';

/** The signed-in user's active aliases, read when the chooser opens. */
function useActiveAliases(userId: string, enabled: boolean) {
  return useQuery({
    ...aliasesQueryOptions(userId),
    enabled: userId !== '' && enabled,
    select: (aliases) => aliases.filter((a) => a.isActive),
  });
}

/**
 * The identity he last used with her: the one remembered on this browser, else the one of his
 * latest conversation with her (undefined: none, or not asked).
 */
function useLastIdentity(userId: string, performerId: string | null, enabled: boolean): string | null | undefined {
  const conversations = useQuery({
    ...conversationsQueryOptions(userId, 'user'),
    enabled: enabled && userId !== '' && performerId !== null,
  });
  if (!enabled || performerId === null) return undefined;
  const remembered = lastIdentityWith(userId, performerId);
  if (remembered !== undefined) return remembered;
  // newest activity first
  return conversations.data?.find((conversation) => conversation.performerId === performerId)?.aliasId;
}

/**
 * 'Chi vuoi essere oggi?' (docs/product.md#alias-chooser): the real name or one of the active aliases, before a video
 * chat or a chat. The one chooser of the app: the gallery, /chat and /video-session use it.
 */
export function AliasChooser({
  open,
  userId,
  realName,
  performerId = null,
  selectedAliasId,
  onCancel,
  onConfirm,
}: AliasChooserProps) {
  const aliases = useActiveAliases(userId, open);
  const lastUsed = useLastIdentity(userId, performerId, open && selectedAliasId === undefined);
  const wanted = selectedAliasId !== undefined ? selectedAliasId : lastUsed;
  const initial = wanted ?? SELF;
  const [choice, setChoice] = useState<string>(initial);
  // every opening starts from the identity it is given
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoice(initial);
  }
  // the remembered identity arrives with the conversations: it is the choice until he picks one himself
  const [picked, setPicked] = useState(false);
  if (!open && picked) setPicked(false);
  if (open && !picked && choice !== initial) setChoice(initial);
  const alias = choice === SELF ? undefined : aliases.data?.find((a) => a.id === choice);
  // an alias he used with her that is no longer active: said, never silently swapped for his real name
  const lostAlias = choice !== SELF && aliases.isSuccess && alias === undefined;
  const chosen: ChosenIdentity = alias
    ? { aliasId: alias.id, displayName: alias.aliasName }
    : { aliasId: null, displayName: realName };
  const isLoading = aliases.isPending && aliases.fetchStatus !== 'idle';

  return (
    <DialogFrame
      open={open}
      onClose={onCancel}
      title="Chi vuoi essere oggi?"
      testId="alias-chooser"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Annulla
          </Button>
          <Button
            colorPalette="brand"
            disabled={lostAlias}
            onClick={() => {
              if (performerId) rememberIdentityWith(userId, performerId, chosen.aliasId);
              onConfirm(chosen);
            }}
          >
            Continua con {chosen.displayName}
          </Button>
        </>
      }
    >
      <RadioGroup.Root
        value={alias ? alias.id : lostAlias ? null : SELF}
        onValueChange={(e) => {
          setPicked(true);
          setChoice(e.value ?? SELF);
        }}
        colorPalette="brand"
      >
        {/* the group's name, by the id Chakra's root points at (aria-labelledby) */}
        <RadioGroup.Label srOnly>Identità</RadioGroup.Label>
        <Stack gap="2">
          {lostAlias ? (
            <Text fontSize="sm" color="fg.warning" role="note" data-testid="lost-alias">
              L&apos;alias che usavi con lei non è più attivo: scegli con chi presentarti.
            </Text>
          ) : null}
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
          {aliases.data?.map((a) => (
            <RadioGroup.Item
              key={a.id}
              value={a.id}
              p="3"
              rounded="lg"
              borderWidth="1px"
              borderColor="border"
              width="100%"
            >
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
          {!isLoading && aliases.data?.length === 0 ? (
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
