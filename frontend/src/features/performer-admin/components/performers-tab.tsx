import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  categoryOptions,
  RATE_MIN,
  RATE_STEP,
  type PerformerView,
  ADMIN_PERFORMER_FIELD_MESSAGES,
} from '@aura/contracts';
import { useFormik } from 'formik';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatNumber } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import {
  useAdminPerformers,
  useCreatePerformer,
  useDeletePerformer,
  useUpdatePerformerAsAdmin,
} from '../api/admin-performers';
import { adminPerformerSchema, splitLanguages } from './performer-form-schema';
import { RowActions } from '../../../components/ui/row-actions';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { OptionSelect } from '../../../components/ui/option-select';
import { FormField } from '../../../components/ui/form-field';
import { AdminTable } from '../../../components/ui/admin-table';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';

interface FormValues {
  name: string;
  age: number | string;
  image: string;
  creditsPerMinute: number | string;
  languages: string;
  rating: number | string;
  category: string;
  bio: string;
  isOnline: boolean;
}

const EMPTY: FormValues = {
  name: '',
  age: '',
  image: '',
  creditsPerMinute: '',
  languages: '',
  rating: '',
  category: '',
  bio: '',
  isOnline: false,
};

function valuesOf(p: PerformerView): FormValues {
  return {
    name: p.name,
    age: p.age ?? '',
    image: p.image,
    creditsPerMinute: p.creditsPerMinute,
    languages: p.languages.join(', '),
    rating: p.rating ?? '',
    category: p.category ?? '',
    bio: p.bio ?? '',
    isOnline: p.isOnline,
  };
}

function PerformerFormDialog({
  editing,
  open,
  onClose,
}: {
  editing: PerformerView | null;
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreatePerformer();
  const update = useUpdatePerformerAsAdmin();
  const formik = useFormik<FormValues>({
    initialValues: editing ? valuesOf(editing) : EMPTY,
    enableReinitialize: true,
    validationSchema: adminPerformerSchema,
    onSubmit: async (v, helpers) => {
      const body = {
        name: v.name.trim(),
        age: Math.trunc(Number(v.age)),
        image: v.image.trim(),
        isOnline: v.isOnline,
        rating: v.rating === '' ? null : Number(v.rating),
        creditsPerMinute: Number(v.creditsPerMinute),
        languages: splitLanguages(v.languages),
        category: v.category === '' ? null : (v.category as (typeof categoryOptions)[number]),
        bio: v.bio.trim() === '' ? null : v.bio.trim(),
      };
      try {
        if (editing) {
          await update.mutateAsync({ id: editing.id, body });
          notify({ type: 'success', title: 'Performer aggiornata con successo' });
        } else {
          await create.mutateAsync(body);
          notify({ type: 'success', title: 'Performer creata con successo' });
        }
        onClose();
      } catch (error) {
        showRefusedFields(helpers, error, ADMIN_PERFORMER_FIELD_MESSAGES);
        notify({
          type: 'error',
          title: 'Errore',
          description: errorMessage(error, { fields: ADMIN_PERFORMER_FIELD_MESSAGES }),
        });
      }
    },
  });
  const field = (f: keyof FormValues, label: string, props: Record<string, unknown> = {}, required = false) => (
    <FormField label={label} error={fieldError(formik, f)} required={required}>
      <Input bg="bg.subtle" {...formik.getFieldProps(f)} {...props} />
    </FormField>
  );

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      onExitComplete={() => formik.resetForm()}
      title={editing ? 'Modifica Performer' : 'Nuova Performer'}
      onSubmit={() => formik.handleSubmit()}
      formLabel={editing ? 'Modifica performer' : 'Nuova performer'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <SubmitButton colorPalette="brand" loading={formik.isSubmitting}>
            {editing ? 'Salva' : 'Crea'}
          </SubmitButton>
        </>
      }
    >
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
        {field('name', 'Nome', {}, true)}
        {field('age', 'Età', { type: 'number', min: 18, max: 99 }, true)}
        {field('creditsPerMinute', 'Auracoin al minuto', { type: 'number', min: RATE_MIN, step: RATE_STEP }, true)}
        {field('rating', 'Rating (0-5)', { type: 'number', min: 0, max: 5, step: 0.1 })}
        <Box gridColumn={{ sm: 'span 2' }}>{field('image', 'Immagine (URL)', { type: 'url' }, true)}</Box>
        <Box gridColumn={{ sm: 'span 2' }}>
          {field('languages', 'Lingue (separate da virgola)', { placeholder: 'Italiano, English' }, true)}
        </Box>
        <FormField label="Categoria">
          <OptionSelect
            bg="bg.subtle"
            {...formik.getFieldProps('category')}
            emptyOption="Nessuna"
            options={categoryOptions}
          />
        </FormField>
        <Switch.Root
          checked={formik.values.isOnline}
          onCheckedChange={(e) => void formik.setFieldValue('isOnline', e.checked)}
          colorPalette="green"
          alignSelf="end"
          pb="2"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Online</Switch.Label>
        </Switch.Root>
        <Field.Root gridColumn={{ sm: 'span 2' }}>
          <Field.Label>Bio</Field.Label>
          <Textarea bg="bg.subtle" rows={3} {...formik.getFieldProps('bio')} />
        </Field.Root>
      </Grid>
    </DialogFrame>
  );
}

const STATUS_LABEL: Record<string, { label: string; palette: string }> = {
  approved: { label: 'Approvata', palette: 'green' },
  pending: { label: 'In attesa', palette: 'yellow' },
  rejected: { label: 'Rifiutata', palette: 'red' },
};

/** Admin "Performer" tab (docs/product.md#admin): list, create and edit, delete with confirmation, online switch. */
export function PerformersTab() {
  const performers = useAdminPerformers();
  const update = useUpdatePerformerAsAdmin();
  const remove = useDeletePerformer();
  const [dialog, setDialog] = useState<{ open: boolean; editing: PerformerView | null }>({
    open: false,
    editing: null,
  });

  const switchOnline = (p: PerformerView, isOnline: boolean) =>
    update.mutate(
      { id: p.id, body: { isOnline } },
      {
        onSuccess: () => notify({ type: 'success', title: 'Performer aggiornata con successo' }),
        onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
      },
    );
  const del = (p: PerformerView) => {
    if (!window.confirm(`Eliminare ${p.name}?`)) return;
    remove.mutate(p.id, {
      onSuccess: () => notify({ type: 'success', title: 'Performer eliminata con successo' }),
      onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
    });
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          Gestione Performer
        </Heading>
        <Button colorPalette="brand" onClick={() => setDialog({ open: true, editing: null })}>
          + Nuova Performer
        </Button>
      </Flex>
      <AdminTable
        query={performers}
        rows={performers.data}
        empty="Nessuna performer."
        rowKey={(p) => p.id}
        rowTestId={() => 'admin-performer-row'}
        columns={[
          {
            header: 'Performer',
            cell: (p) => (
              <HStack gap="3">
                <Image src={p.image} alt="" boxSize="10" rounded="md" objectFit="cover" />
                <Stack gap="0">
                  <Text fontWeight="semibold">{p.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {p.age !== null ? `${p.age} anni` : ''} {p.category ? `· ${p.category}` : ''} ·{' '}
                    {p.languages.join(', ')}
                  </Text>
                </Stack>
              </HStack>
            ),
          },
          {
            header: 'Stato',
            cell: (p) => {
              const status = STATUS_LABEL[p.verificationStatus] ?? { label: p.verificationStatus, palette: 'gray' };
              return <Badge colorPalette={status.palette}>{status.label}</Badge>;
            },
          },
          {
            header: 'Tariffa',
            cell: (p) => (
              <Text as="span" whiteSpace="nowrap">
                {formatAuracoin(p.creditsPerMinute)}/min
              </Text>
            ),
          },
          {
            header: 'Rating',
            cell: (p) =>
              p.rating !== null ? formatNumber(p.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '—',
          },
          {
            header: 'Online',
            cell: (p) => (
              <Switch.Root
                checked={p.isOnline}
                disabled={p.verificationStatus !== 'approved' || update.isPending}
                onCheckedChange={(e) => switchOnline(p, e.checked)}
                colorPalette="green"
                size="sm"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                {/* the switch's name, by the id Chakra's hidden input points at (aria-labelledby) */}
                <Switch.Label srOnly>{`${p.name} online`}</Switch.Label>
              </Switch.Root>
            ),
          },
          {
            header: 'Azioni',
            align: 'end',
            cell: (p) => (
              <HStack justify="flex-end">
                <RowActions
                  subject={p.name}
                  onEdit={() => setDialog({ open: true, editing: p })}
                  onDelete={() => del(p)}
                />
              </HStack>
            ),
          },
        ]}
      />
      <PerformerFormDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </Stack>
  );
}
