import { useId, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  PHOTO_PRICE_DEFAULT,
  PHOTO_PRICE_MIN,
  PHOTO_PRICE_STEP,
  PHOTO_FIELD_MESSAGES,
  PHOTO_PRICE_HINT,
} from '@aura/contracts';
import { useFormik } from 'formik';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin } from '../../../lib/format';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { notify } from '../../../components/ui/toaster';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAddPhoto, useApprovedCoPerformers, useDeletePhoto, useOwnPhotos } from '../api/photos';
import { useImageUpload } from '../hooks/use-image-upload';
import { photoSchema } from './photo-schema';

interface PhotoValues {
  title: string;
  description: string;
  price: number | string;
  /** who else is in it: her approved co-performers (issue 39 item 7) */
  coPerformerIds: string[];
}

const EMPTY_PHOTO: PhotoValues = { title: '', description: '', price: PHOTO_PRICE_DEFAULT, coPerformerIds: [] };

/** 'Chi altro c'è nella foto': her approved co-performers to tick; nothing when she has none. */
function CoPerformersInPhoto({
  performerId,
  chosen,
  onChange,
}: {
  performerId: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const approved = useApprovedCoPerformers(performerId);
  if (!approved.data || approved.data.length === 0) return null;
  return (
    <CheckboxGroup value={chosen} onValueChange={onChange}>
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Chi altro c&apos;è nella foto
        </Fieldset.Legend>
        <Fieldset.HelperText>Solo le persone in camera approvate dallo staff.</Fieldset.HelperText>
        <Fieldset.Content>
          {approved.data.map((person) => (
            <Checkbox.Root key={person.id} value={person.id}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{person.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Fieldset.Content>
      </Fieldset.Root>
    </CheckboxGroup>
  );
}

function AddPhotoDialog({ performerId }: { performerId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const { fileRef, uploading, onFile } = useImageUpload(performerId, (path) => {
    setUploaded(path);
    notify({ type: 'success', title: 'Immagine caricata!', description: "L'immagine è stata caricata con successo" });
  });
  const add = useAddPhoto(performerId);
  // title and price are checked here, in Italian, before anything is sent (docs/product.md#validation)
  const formik = useFormik<PhotoValues>({
    initialValues: EMPTY_PHOTO,
    validationSchema: photoSchema,
    onSubmit: async (values, helpers) => {
      const imageUrl = uploaded ?? url.trim();
      if (!imageUrl) {
        notify({ type: 'error', title: 'Errore', description: "Carica un'immagine o inserisci un URL" });
        return;
      }
      try {
        await add.mutateAsync({
          imageUrl,
          title: values.title.trim(),
          description: values.description.trim() || null,
          price: Number(values.price),
          coPerformerIds: values.coPerformerIds,
        });
        notify({ type: 'success', title: 'Foto aggiunta!', description: 'La foto è stata aggiunta alla tua galleria' });
        setOpen(false);
        reset();
      } catch (error) {
        // a refusal of the server reads as the form's own message under the field, in Italian
        showRefusedFields(helpers, error, PHOTO_FIELD_MESSAGES);
        notify({ type: 'error', title: 'Errore', description: errorMessage(error, { fields: PHOTO_FIELD_MESSAGES }) });
      }
    },
  });

  const reset = () => {
    formik.resetForm();
    setUrl('');
    setUploaded(null);
  };

  return (
    <>
      <Button colorPalette="brand" onClick={() => setOpen(true)}>
        + Aggiungi Foto
      </Button>
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        title="Aggiungi una foto"
        testId="add-photo-dialog"
        onSubmit={() => formik.handleSubmit()}
        formLabel="Aggiungi una foto"
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Annulla
            </Button>
            <SubmitButton colorPalette="brand" loading={formik.isSubmitting} disabled={uploading}>
              Aggiungi
            </SubmitButton>
          </>
        }
      >
        <Stack gap="4">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium">
              Immagine
            </Text>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => void onFile(e.currentTarget.files?.[0])}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              data-testid="photo-file"
            />
            <Button asChild variant="outline" loading={uploading} loadingText="Caricamento...">
              <label htmlFor={`${id}-file`} style={{ cursor: 'pointer' }}>
                {uploaded ? 'Cambia immagine' : 'Carica immagine (max 10MB)'}
              </label>
            </Button>
            {uploaded ? <Image src={uploaded} alt="Anteprima" maxH="40" objectFit="contain" rounded="md" /> : null}
          </Stack>
          <Field.Root disabled={uploaded !== null}>
            <Field.Label>oppure URL dell&apos;immagine</Field.Label>
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              placeholder="https://..."
              bg="bg.subtle"
            />
          </Field.Root>
          <FormField label="Titolo" required error={fieldError(formik, 'title')}>
            <Input {...formik.getFieldProps('title')} bg="bg.subtle" />
          </FormField>
          <FormField label="Descrizione" error={fieldError(formik, 'description')}>
            <Textarea {...formik.getFieldProps('description')} rows={2} bg="bg.subtle" />
          </FormField>
          <FormField
            label="Prezzo (auracoin)"
            required
            error={fieldError(formik, 'price')}
            helperText={PHOTO_PRICE_HINT}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={PHOTO_PRICE_MIN}
              step={PHOTO_PRICE_STEP}
              {...formik.getFieldProps('price')}
              bg="bg.subtle"
            />
          </FormField>
          <CoPerformersInPhoto
            performerId={performerId}
            chosen={formik.values.coPerformerIds}
            onChange={(ids) => void formik.setFieldValue('coPerformerIds', ids)}
          />
        </Stack>
      </DialogFrame>
    </>
  );
}

/** The Gallery tab: her photos for sale (docs/product.md#performer-dashboard, #validation). */
export function PhotosTab({ performerId }: { performerId: string }) {
  const photos = useOwnPhotos(performerId);
  const remove = useDeletePhoto(performerId);
  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h2" size="lg">
            Vendita foto
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Gli utenti vedono le foto sfocate con il prezzo; guadagni il 55% di ogni vendita.
          </Text>
        </Stack>
        <AddPhotoDialog performerId={performerId} />
      </HStack>
      {photos.isPending ? (
        <Text color="fg.muted">Caricamento...</Text>
      ) : photos.isError ? (
        <Text color="fg.error">{errorMessage(photos.error)}</Text>
      ) : photos.data.length === 0 ? (
        <Box
          p="10"
          textAlign="center"
          rounded="2xl"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border.emphasized"
        >
          <Text color="fg.muted">Nessuna foto nella tua galleria.</Text>
        </Box>
      ) : (
        <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' }} gap="4">
          {photos.data.map((photo) => (
            <Card.Root
              key={photo.id}
              bg="bg.panel"
              borderColor="border"
              rounded="xl"
              overflow="hidden"
              data-testid="own-photo"
            >
              <Image src={photo.imageUrl ?? ''} alt={photo.title} aspectRatio={1} objectFit="cover" bg="bg.muted" />
              <Card.Body p="3" gap="1">
                <Text fontWeight="semibold" lineClamp={1}>
                  {photo.title}
                </Text>
                {photo.description ? (
                  <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                    {photo.description}
                  </Text>
                ) : null}
                <HStack justify="space-between" mt="1">
                  <Badge colorPalette="yellow">{formatAuracoin(photo.price)} auracoin</Badge>
                  {photo.review === 'in_revisione' ? (
                    <Badge colorPalette="gray" data-testid="photo-in-review">
                      In revisione
                    </Badge>
                  ) : photo.review === 'rifiutata' ? (
                    <Badge colorPalette="red">Non approvata</Badge>
                  ) : null}
                  {photo.salesCount !== undefined ? (
                    <Text fontSize="xs" color="fg.muted">
                      {photo.salesCount} vendite
                    </Text>
                  ) : null}
                </HStack>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  mt="2"
                  loading={remove.isPending && remove.variables === photo.id}
                  onClick={() =>
                    remove.mutate(photo.id, {
                      onSuccess: () =>
                        notify({
                          type: 'success',
                          title: 'Foto eliminata',
                          description: 'La foto è stata rimossa dalla galleria',
                        }),
                      onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
                    })
                  }
                >
                  Elimina
                </Button>
              </Card.Body>
            </Card.Root>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
