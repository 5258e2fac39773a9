import { useId, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ALIAS_NAME_MAX, ALIAS_PRICE_AURACOIN } from '@aura/contracts';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { notify } from '../../../components/ui/toaster';
import { formatDate } from '../../../lib/format';
import { useAliases, useCreateAlias, useDeleteAlias } from '../api/aliases';
import { ALIAS_MESSAGES, createFailureToast } from './alias-messages';

export interface AliasManagerProps {
  userId: string;
  /** current balance, auracoin: 'Nuovo alias' is disabled under 50 */
  balance: number;
  /** after a purchase, so the page refreshes the balance */
  onPurchased?: () => void;
}

const TrashIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
  </svg>
);

/** The alias manager of /user (docs/product.md#alias-manager, #validation, #errors): list with 'Attivo', delete, 'Nuovo alias' dialog. */
export function AliasManager({ userId, balance, onPurchased }: AliasManagerProps) {
  const aliases = useAliases(userId);
  const createAlias = useCreateAlias(userId);
  const deleteAlias = useDeleteAlias(userId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const attemptKey = useRef<string | null>(null);
  const inputId = useId();
  const canAfford = balance >= ALIAS_PRICE_AURACOIN;

  const close = () => {
    setOpen(false);
    setName('');
    attemptKey.current = null;
  };

  const submit = () => {
    if (createAlias.isPending) return;
    const aliasName = name.trim();
    if (aliasName === '') {
      notify({ type: 'error', ...ALIAS_MESSAGES.required });
      return;
    }
    if (!canAfford) {
      notify({ type: 'error', ...ALIAS_MESSAGES.lowBalance });
      return;
    }
    // one key per attempt: a double submit or a retry after a lost answer buys once
    attemptKey.current ??= crypto.randomUUID();
    createAlias.mutate(
      { aliasName, idempotencyKey: attemptKey.current },
      {
        onSuccess: () => {
          notify({ type: 'success', title: ALIAS_MESSAGES.created });
          close();
          onPurchased?.();
        },
        onError: (error) => {
          attemptKey.current = null;
          notify({ type: 'error', ...createFailureToast(error) });
        },
      },
    );
  };

  const remove = (aliasId: string) => {
    deleteAlias.mutate(aliasId, {
      onSuccess: () => notify({ type: 'success', title: ALIAS_MESSAGES.deleted }),
      onError: () => notify({ type: 'error', title: 'Errore', description: ALIAS_MESSAGES.deleteFailed }),
    });
  };

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" data-testid="alias-manager">
      <Card.Body gap="4">
        <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md">
              I tuoi alias
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Identità alternative per restare anonimo nelle sessioni. Ogni alias costa {ALIAS_PRICE_AURACOIN} auracoin.
            </Text>
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={() => setOpen(true)} disabled={!canAfford}>
            Nuovo alias
          </Button>
        </HStack>

        {aliases.isPending ? (
          <Skeleton height="10" rounded="md" />
        ) : aliases.error ? (
          <Text color="red.fg">Impossibile caricare gli alias.</Text>
        ) : aliases.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            Non hai ancora nessun alias.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Alias">
            {aliases.data.map((alias) => (
              <HStack
                as="li"
                key={alias.id}
                justify="space-between"
                borderWidth="1px"
                borderColor="border"
                rounded="lg"
                px="3"
                py="2"
                data-testid="alias-item"
              >
                <Stack gap="0" minW="0">
                  <HStack gap="2">
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {alias.aliasName}
                    </Text>
                    {alias.isActive ? (
                      <Badge colorPalette="green" variant="subtle">
                        Attivo
                      </Badge>
                    ) : null}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    Creato il {formatDate(alias.createdAt)}
                  </Text>
                </Stack>
                <IconButton
                  aria-label={`Elimina alias ${alias.aliasName}`}
                  variant="ghost"
                  colorPalette="red"
                  size="sm"
                  loading={deleteAlias.isPending && deleteAlias.variables === alias.id}
                  onClick={() => remove(alias.id)}
                >
                  <TrashIcon />
                </IconButton>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>

      <DialogFrame
        open={open}
        onClose={close}
        title="Nuovo alias"
        onSubmit={() => submit()}
        initialFocusEl={() => document.getElementById(inputId)}
        testId="alias-dialog"
        footer={
          <>
            <Button variant="outline" type="button" onClick={close}>
              Annulla
            </Button>
            <Button colorPalette="brand" type="submit" loading={createAlias.isPending}>
              Crea alias
            </Button>
          </>
        }
      >
        <Field.Root>
          <Field.Label htmlFor={inputId}>Nome alias</Field.Label>
          <Input
            id={inputId}
            value={name}
            maxLength={ALIAS_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
          <Field.HelperText>Costo: {ALIAS_PRICE_AURACOIN} auracoin · premi Invio per confermare</Field.HelperText>
        </Field.Root>
      </DialogFrame>
    </Card.Root>
  );
}
