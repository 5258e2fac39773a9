import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Heading, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import type { UserView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { formatAuracoin, formatDate } from '../../../lib/format';
import { useAdminUsers, useDeleteUser, useUpdateUserBalance } from '../api/users';
import { RowActions } from '../../../components/ui/row-actions';
import { QueryStatus } from '../../../components/ui/query-status';

/** Utenti: list, edit auracoinBalance, delete with a confirmation dialog. */
export function UsersTab() {
  const users = useAdminUsers();
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Utenti
      </Heading>
      <QueryStatus query={users} empty="Nessun utente" />
      {users.data && users.data.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="lg">
          <Table.Root size="sm" minW="640px">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Username</Table.ColumnHeader>
                <Table.ColumnHeader>Email</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Saldo auracoin</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Spesi</Table.ColumnHeader>
                <Table.ColumnHeader>Registrato il</Table.ColumnHeader>
                <Table.ColumnHeader>Azioni</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.data.map((user) => (
                <Table.Row key={user.id} data-testid={`user-row-${user.username}`}>
                  <Table.Cell>{user.username}</Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="user-balance">{formatAuracoin(user.auracoinBalance)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatAuracoin(user.totalAuracoinSpent)}</Table.Cell>
                  <Table.Cell>{formatDate(user.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <RowActions subject={user.username} editLabel="Modifica saldo di" onEdit={() => setEditing(user)} onDelete={() => setDeleting(user)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      <EditBalanceDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function EditBalanceDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const update = useUpdateUserBalance();
  const [value, setValue] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (user && shownFor !== user.id) {
    setShownFor(user.id);
    setValue(String(user.auracoinBalance));
  }
  const parsed = Number(value.replace(',', '.'));
  const valid = value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !valid) return;
    try {
      await update.mutateAsync({ id: user.id, auracoinBalance: parsed });
      notify({ type: 'success', title: 'Utente aggiornato' });
      onClose();
    } catch {
      notify({ type: 'error', title: "Errore - Impossibile aggiornare l'utente." });
    }
  };

  return (
    <Dialog.Root
      open={user !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      onExitComplete={() => setShownFor(null)}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" mx="4">
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Modifica utente {user?.username}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root invalid={!valid}>
                  <Field.Label>Saldo auracoin</Field.Label>
                  <Input type="number" min={0} step={0.5} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
                  <Field.ErrorText>Inserisci un numero maggiore o uguale a 0</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} type="button">
                  Annulla
                </Button>
                <Button colorPalette="brand" type="submit" loading={update.isPending} disabled={!valid}>
                  Salva
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DeleteUserDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const onConfirm = async () => {
    if (!user) return;
    try {
      await remove.mutateAsync(user.id);
      notify({ type: 'success', title: 'Utente eliminato' });
      onClose();
    } catch {
      notify({ type: 'error', title: "Impossibile eliminare l'utente." });
    }
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={user !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" mx="4">
            <Dialog.Header>
              <Dialog.Title>Eliminare l&apos;utente {user?.username}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">
                I dati personali saranno resi anonimi; lo storico dei movimenti di auracoin resta per la contabilità.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Annulla
              </Button>
              <Button colorPalette="red" onClick={() => void onConfirm()} loading={remove.isPending}>
                Elimina
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
