import { useState } from 'react';
import { Badge, Box, Button, Grid, Heading, HStack, Input, Stack, Switch } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { MFA_MESSAGES, type AdminRole, type AdminView, ADMIN_FIELD_MESSAGES } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { adminRoleLabels } from '../../../lib/event-labels';
import { formatDate } from '../../../lib/format';
import { useAdmins, useCreateAdmin, useDeleteAdmin, useResetAdminMfa, useSetAdminActive } from '../api/admins';
import { adminSchema, emptyAdmin, type AdminFormValues } from './admin-schemas';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { AdminTable } from '../../../components/ui/admin-table';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { OptionSelect } from '../../../components/ui/option-select';
import { SubmitButton } from '../../../components/ui/submit-button';
import { AuditTrailSection } from './audit-trail-section';

/** Gestione Admin: list, create, toggle active, reset a lost second factor, delete (browser confirmation; never a superadmin); the audit trail. */
export function AdminsTab({ currentAdminId, currentRole }: { currentAdminId: string; currentRole: AdminRole }) {
  const admins = useAdmins();
  return (
    <Stack gap="8">
      <CreateAdminForm canCreateSuperadmin={currentRole === 'superadmin'} />
      <Box>
        <Heading as="h2" size="lg" mb="4">
          Amministratori
        </Heading>
        <AdminsTable admins={admins} currentAdminId={currentAdminId} currentRole={currentRole} />
      </Box>
      <AuditTrailSection admins={admins.data} />
    </Stack>
  );
}

/** Only a superadmin may create a superadmin (the server refuses it to others too). */
function CreateAdminForm({ canCreateSuperadmin }: { canCreateSuperadmin: boolean }) {
  const create = useCreateAdmin();
  const formik = useFormik<AdminFormValues>({
    initialValues: emptyAdmin,
    validationSchema: adminSchema,
    onSubmit: async (values, helpers) => {
      try {
        await create.mutateAsync({
          ...values,
          fullName: values.fullName.trim(),
          username: values.username.trim(),
          email: values.email.trim(),
        });
        notify({ type: 'success', title: 'Admin creato' });
        helpers.resetForm();
      } catch (error) {
        showRefusedFields(helpers, error, ADMIN_FIELD_MESSAGES);
        notify({
          type: 'error',
          title: "Impossibile creare l'amministratore",
          description: errorMessage(error, { fields: ADMIN_FIELD_MESSAGES }),
        });
      }
    },
  });
  const field = (name: keyof AdminFormValues, label: string, type = 'text', autoComplete = 'off') => (
    <FormField label={label} error={fieldError(formik, name)}>
      <Input type={type} autoComplete={autoComplete} {...formik.getFieldProps(name)} />
    </FormField>
  );

  return (
    <SectionCard title="Nuovo amministratore">
      <form onSubmit={formik.handleSubmit} noValidate aria-label="Nuovo amministratore">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
          {field('fullName', 'Nome completo')}
          {field('username', 'Username')}
          {field('email', 'Email', 'email')}
          {field('password', 'Password', 'password', 'new-password')}
          <FormField label="Ruolo">
            <OptionSelect
              {...formik.getFieldProps('role')}
              options={canCreateSuperadmin ? ['admin', 'superadmin'] : ['admin']}
              labels={adminRoleLabels}
            />
          </FormField>
        </Grid>
        <SubmitButton colorPalette="brand" mt="5" loading={formik.isSubmitting}>
          Crea admin
        </SubmitButton>
      </form>
    </SectionCard>
  );
}

function AdminsTable({
  admins,
  currentAdminId,
  currentRole,
}: {
  admins: ReturnType<typeof useAdmins>;
  currentAdminId: string;
  currentRole: AdminRole;
}) {
  const setActive = useSetAdminActive();
  const remove = useDeleteAdmin();
  const resetMfa = useResetAdminMfa();
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (admin: AdminView, isActive: boolean) => {
    setBusy(admin.id);
    try {
      await setActive.mutateAsync({ id: admin.id, isActive });
      notify({ type: 'success', title: 'Stato aggiornato' });
    } catch (error) {
      notify({ type: 'error', title: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async (admin: AdminView) => {
    if (!window.confirm(`Eliminare l'amministratore ${admin.fullName}?`)) return;
    setBusy(admin.id);
    try {
      await remove.mutateAsync(admin.id);
      notify({ type: 'success', title: 'Admin eliminato' });
    } catch (error) {
      notify({ type: 'error', title: "Impossibile eliminare l'amministratore", description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  // a lost phone: her second factor is reset, she is signed out and enrols again (docs/architecture.md#admin-mfa)
  const onResetMfa = async (admin: AdminView) => {
    if (
      !window.confirm(
        `Azzerare la verifica a due fattori di ${admin.fullName}? Dovrà accedere di nuovo e attivarla con un nuovo telefono.`,
      )
    )
      return;
    setBusy(admin.id);
    try {
      await resetMfa.mutateAsync(admin.id);
      notify({
        type: 'success',
        title: 'Verifica a due fattori azzerata',
        description: `${admin.fullName} dovrà attivarla di nuovo al prossimo accesso`,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Impossibile azzerare la verifica a due fattori',
        description: errorMessage(error, { codes: { conflict: MFA_MESSAGES.notActive } }),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminTable
      query={admins}
      rows={admins.data}
      empty="Nessun amministratore"
      minW="640px"
      rowKey={(admin) => admin.id}
      rowTestId={(admin) => `admin-row-${admin.username}`}
      columns={[
        { header: 'Nome', cell: (admin) => admin.fullName },
        { header: 'Username', cell: (admin) => admin.username },
        { header: 'Email', cell: (admin) => admin.email },
        {
          header: 'Ruolo',
          cell: (admin) => (
            <Badge colorPalette={admin.role === 'superadmin' ? 'purple' : 'gray'}>{adminRoleLabels[admin.role]}</Badge>
          ),
        },
        { header: 'Creato il', cell: (admin) => formatDate(admin.createdAt) },
        {
          header: 'Attivo',
          cell: (admin) => (
            <Switch.Root
              checked={admin.isActive}
              disabled={admin.id === currentAdminId || busy === admin.id}
              onCheckedChange={(details) => void toggle(admin, details.checked)}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label srOnly>{`Attivo: ${admin.username}`}</Switch.Label>
            </Switch.Root>
          ),
        },
        {
          header: 'Azioni',
          cell: (admin) =>
            admin.id === currentAdminId ? null : (
              <HStack gap="2">
                {admin.role !== 'superadmin' || currentRole === 'superadmin' ? (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => void onResetMfa(admin)}
                    disabled={busy === admin.id}
                    aria-label={`Azzera 2FA di ${admin.username}`}
                  >
                    Azzera 2FA
                  </Button>
                ) : null}
                {admin.role !== 'superadmin' ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void onDelete(admin)}
                    disabled={busy === admin.id}
                  >
                    Elimina
                  </Button>
                ) : null}
              </HStack>
            ),
        },
      ]}
    />
  );
}
