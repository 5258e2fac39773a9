import { useState } from 'react';
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { UserView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { formatAuracoin, formatDate, parseAuracoin } from '../../../lib/format';
import { useAdminUsers, useDeleteUser, useUpdateUserBalance } from '../api/users';
import { RowActions } from '../../../components/ui/row-actions';
import { AdminTable } from '../../../components/ui/admin-table';
import { DialogFrame } from '../../../components/ui/dialog-frame';

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
      <AdminTable
        query={users}
        rows={users.data}
        empty="Nessun utente"
        minW="640px"
        rowKey={(user) => user.id}
        rowTestId={(user) => `user-row-${user.username}`}
        columns={[
          { header: 'Username', cell: (user) => user.username },
          { header: 'Email', cell: (user) => user.email },
          {
            header: 'Saldo auracoin',
            align: 'end',
            testId: 'user-balance',
            cell: (user) => formatAuracoin(user.auracoinBalance),
          },
          { header: 'Spesi', align: 'end', cell: (user) => formatAuracoin(user.totalAuracoinSpent) },
          { header: 'Registrato il', cell: (user) => formatDate(user.createdAt) },
          {
            header: 'Azioni',
            cell: (user) => (
              <RowActions
                subject={user.username}
                editLabel="Modifica saldo di"
                onEdit={() => setEditing(user)}
                onDelete={() => setDeleting(user)}
              />
            ),
          },
        ]}
      />
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
  const parsed = parseAuracoin(value);
  const valid = value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0;

  const onSubmit = async () => {
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
    <DialogFrame
      open={user !== null}
      onClose={onClose}
      onExitComplete={() => setShownFor(null)}
      title={`Modifica utente ${user?.username ?? ''}`}
      onSubmit={() => void onSubmit()}
      footer={
        <>
          <Button variant="outline" onClick={onClose} type="button">
            Annulla
          </Button>
          <Button colorPalette="brand" type="submit" loading={update.isPending} disabled={!valid}>
            Salva
          </Button>
        </>
      }
    >
      <Field.Root invalid={!valid}>
        <Field.Label>Saldo auracoin</Field.Label>
        <Input
          type="number"
          min={0}
          step={0.5}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Field.ErrorText>Inserisci un numero maggiore o uguale a 0</Field.ErrorText>
      </Field.Root>
    </DialogFrame>
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
    <DialogFrame
      role="alertdialog"
      open={user !== null}
      onClose={onClose}
      title={`Eliminare l'utente ${user?.username ?? ''}?`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <Button colorPalette="red" onClick={() => void onConfirm()} loading={remove.isPending}>
            Elimina
          </Button>
        </>
      }
    >
      <Text color="fg.muted">
        I dati personali saranno resi anonimi; lo storico dei movimenti di auracoin resta per la contabilità.
      </Text>
    </DialogFrame>
  );
}
