import { PACKAGE_FIELD_MESSAGES } from '@aura/contracts';
import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Checkbox, Grid, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { PackageView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatEuro, formatInteger } from '../../../lib/format';
import { useCreatePackage, useDeletePackage, usePackagesAdmin, useUpdatePackage } from '../api/packages';
import { emptyPackage, packageSchema, packageToForm, toPackageBody, type PackageFormValues } from './package-schema';
import { RowActions } from '../../../components/ui/row-actions';
import { AdminTable } from '../../../components/ui/admin-table';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';

/** Pacchetti Auracoin: list, create and edit form, delete (browser confirmation). `extra` is shown below (the offers panel). */
export function PackagesTab({ extra }: { extra?: ReactNode }) {
  const packages = usePackagesAdmin();
  const [editing, setEditing] = useState<PackageView | null>(null);
  const remove = useDeletePackage();

  const onDelete = async (pkg: PackageView) => {
    if (!window.confirm(`Eliminare il pacchetto da ${pkg.credits} auracoin?`)) return;
    try {
      await remove.mutateAsync(pkg.id);
      if (editing?.id === pkg.id) setEditing(null);
      notify({ type: 'success', title: 'Pacchetto eliminato con successo' });
    } catch (error) {
      notify({ type: 'error', title: errorMessage(error) });
    }
  };

  return (
    <Stack gap="8">
      <PackageForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <Box>
        <Heading as="h2" size="lg" mb="4">
          Pacchetti Auracoin
        </Heading>
        <AdminTable
          query={packages}
          rows={packages.data}
          empty="Nessun pacchetto"
          minW="560px"
          rowKey={(pkg) => pkg.id}
          rowTestId={(pkg) => `package-row-${pkg.credits}`}
          columns={[
            { header: 'Auracoin', align: 'end', cell: (pkg) => formatInteger(pkg.credits) },
            { header: 'Bonus', align: 'end', cell: (pkg) => formatInteger(pkg.bonus) },
            { header: 'Totale', align: 'end', cell: (pkg) => formatInteger(pkg.credits + pkg.bonus) },
            { header: 'Prezzo', align: 'end', cell: (pkg) => formatEuro(pkg.price) },
            { header: 'Popolare', cell: (pkg) => (pkg.popular ? <Badge colorPalette="brand">Popolare</Badge> : null) },
            {
              header: 'Azioni',
              cell: (pkg) => (
                <RowActions
                  subject={`pacchetto da ${pkg.credits}`}
                  onEdit={() => setEditing(pkg)}
                  onDelete={() => void onDelete(pkg)}
                />
              ),
            },
          ]}
        />
      </Box>
      {extra}
    </Stack>
  );
}

function PackageForm({ editing, onDone }: { editing: PackageView | null; onDone: () => void }) {
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const formik = useFormik<PackageFormValues>({
    initialValues: editing ? packageToForm(editing) : emptyPackage,
    validationSchema: packageSchema,
    onSubmit: async (values, helpers) => {
      try {
        if (editing) {
          await update.mutateAsync({ id: editing.id, body: toPackageBody(values) });
          notify({ type: 'success', title: 'Pacchetto aggiornato con successo' });
          onDone();
        } else {
          await create.mutateAsync(toPackageBody(values));
          notify({ type: 'success', title: 'Pacchetto creato con successo' });
          helpers.resetForm();
        }
      } catch (error) {
        showRefusedFields(helpers, error, PACKAGE_FIELD_MESSAGES);
        notify({ type: 'error', title: errorMessage(error, { fields: PACKAGE_FIELD_MESSAGES }) });
      }
    },
  });
  const numberField = (name: 'credits' | 'bonus' | 'price', label: string) => (
    <FormField label={label} error={fieldError(formik, name)} required={name !== 'bonus'}>
      <Input type="text" inputMode="numeric" pattern="[0-9]*" {...formik.getFieldProps(name)} />
    </FormField>
  );

  return (
    <SectionCard title={editing ? 'Modifica pacchetto' : 'Nuovo pacchetto'}>
      <form onSubmit={formik.handleSubmit} noValidate aria-label={editing ? 'Modifica pacchetto' : 'Nuovo pacchetto'}>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4">
          {numberField('credits', 'Auracoin')}
          {numberField('bonus', 'Bonus')}
          {numberField('price', 'Prezzo (€)')}
        </Grid>
        <Checkbox.Root
          mt="4"
          checked={formik.values.popular}
          onCheckedChange={(details) => void formik.setFieldValue('popular', details.checked === true)}
          colorPalette="brand"
        >
          <Checkbox.HiddenInput name="popular" />
          <Checkbox.Control />
          <Checkbox.Label>Popolare</Checkbox.Label>
        </Checkbox.Root>
        <HStack mt="5">
          <SubmitButton colorPalette="brand" loading={formik.isSubmitting}>
            {editing ? 'Salva' : 'Crea pacchetto'}
          </SubmitButton>
          {editing ? (
            <Button type="button" variant="outline" onClick={onDone}>
              Annulla
            </Button>
          ) : null}
        </HStack>
      </form>
    </SectionCard>
  );
}
