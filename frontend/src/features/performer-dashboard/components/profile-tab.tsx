import { Card, Checkbox, Flex, Grid, Heading, Input, Stack, Text } from '@chakra-ui/react';
import {
  categoryOptions,
  languageOptions,
  MESSAGE_PRICE_MIN,
  MESSAGE_PRICE_STEP,
  RATE_MIN,
  RATE_STEP,
  type PerformerPatchInput,
  type PerformerView,
  PROFILE_FIELD_MESSAGES,
  PROFILE_HINTS,
} from '@aura/contracts';
import { useFormik } from 'formik';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { OptionSelect } from '../../../components/ui/option-select';
import { FormField } from '../../../components/ui/form-field';
import { useUpdatePerformer } from '../api/performer';
import { profileSchema } from './profile-schema';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ProfilePicture } from './profile-picture';

interface FormValues {
  name: string;
  age: number | string;
  creditsPerMinute: number | string;
  messagePrice: number | string;
  spyPrice: number | string;
  image: string;
  category: string;
  languages: string[];
}

/** The Profile tab: her own profile form (docs/product.md#validation); the answer is cached as the stored performer. */
export function ProfileTab({ performer }: { performer: PerformerView }) {
  const update = useUpdatePerformer(performer.id);
  const formik = useFormik<FormValues>({
    initialValues: {
      name: performer.name,
      age: performer.age ?? '',
      creditsPerMinute: performer.creditsPerMinute,
      messagePrice: performer.messagePrice,
      spyPrice: performer.spyPrice ?? 0,
      image: performer.image,
      category: performer.category ?? 'Standard',
      languages: performer.languages,
    },
    validationSchema: profileSchema,
    onSubmit: async (values, helpers) => {
      const body: PerformerPatchInput = {
        name: values.name.trim(),
        age: Math.trunc(Number(values.age)),
        creditsPerMinute: Number.parseFloat(String(values.creditsPerMinute)),
        messagePrice: Number.parseFloat(String(values.messagePrice)),
        spyPrice: Number.parseFloat(String(values.spyPrice)) || null,
        category: values.category as (typeof categoryOptions)[number],
        languages: values.languages,
      };
      try {
        await update.mutateAsync(body);
        notify({
          type: 'success',
          title: 'Profilo aggiornato!',
          description: 'Le modifiche sono state salvate con successo',
        });
      } catch (error) {
        showRefusedFields(helpers, error, PROFILE_FIELD_MESSAGES);
        notify({
          type: 'error',
          title: 'Errore',
          description: errorMessage(error, { fields: PROFILE_FIELD_MESSAGES }),
        });
      }
    },
  });
  const err = (field: keyof FormValues) => fieldError(formik, field);

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
      <Card.Body>
        <form onSubmit={formik.handleSubmit} noValidate aria-label="Modifica profilo">
          <Stack gap="5">
            <Heading as="h2" size="lg">
              Il tuo profilo
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
              <FormField label="Nome" error={err('name')} required>
                <Input bg="bg.subtle" {...formik.getFieldProps('name')} />
              </FormField>
              <FormField label="Età" error={err('age')} required>
                <Input type="number" min={18} max={99} bg="bg.subtle" {...formik.getFieldProps('age')} />
              </FormField>
              <FormField
                label="Tariffa (auracoin/min)"
                error={err('creditsPerMinute')}
                required
                helperText={PROFILE_HINTS.creditsPerMinute}
              >
                <Input
                  type="number"
                  min={RATE_MIN}
                  step={RATE_STEP}
                  bg="bg.subtle"
                  {...formik.getFieldProps('creditsPerMinute')}
                />
              </FormField>
              <FormField
                label="Prezzo di un messaggio in chat (auracoin)"
                error={err('messagePrice')}
                required
                helperText={PROFILE_HINTS.messagePrice}
              >
                <Input
                  type="number"
                  min={MESSAGE_PRICE_MIN}
                  step={MESSAGE_PRICE_STEP}
                  bg="bg.subtle"
                  {...formik.getFieldProps('messagePrice')}
                />
              </FormField>
              <FormField
                label="Prezzo spia (auracoin/min)"
                error={err('spyPrice')}
                helperText="Spettatori spia nei tuoi privati: al massimo metà della tariffa; 0 = nessuna spia. Ne ricevi il 55%"
              >
                <Input type="number" min={0} step={RATE_STEP} bg="bg.subtle" {...formik.getFieldProps('spyPrice')} />
              </FormField>
              <FormField label="Categoria" error={err('category')}>
                <OptionSelect bg="bg.subtle" {...formik.getFieldProps('category')} options={categoryOptions} />
              </FormField>
            </Grid>
            <ProfilePicture
              performerId={performer.id}
              name={performer.name}
              image={performer.image}
              pending={performer.pendingPortrait}
              onUploaded={async (image) => {
                await update.mutateAsync({ image });
                await formik.setFieldValue('image', image);
              }}
            />
            <Stack as="fieldset" gap="2">
              <Text as="legend" fontSize="sm" fontWeight="medium" mb="2">
                Lingue
              </Text>
              <Flex gap="2" wrap="wrap">
                {languageOptions.map((l) => {
                  const on = formik.values.languages.includes(l);
                  return (
                    <Checkbox.Root
                      key={l}
                      checked={on}
                      onCheckedChange={(e) =>
                        void formik.setFieldValue(
                          'languages',
                          e.checked === true
                            ? [...formik.values.languages, l]
                            : formik.values.languages.filter((x) => x !== l),
                        )
                      }
                      colorPalette="brand"
                      px="3"
                      py="2"
                      rounded="full"
                      borderWidth="1px"
                      borderColor={on ? 'brand.border' : 'border'}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{l}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Flex>
              {formik.submitCount > 0 && formik.errors.languages ? (
                <Text color="fg.error" fontSize="sm">
                  {String(formik.errors.languages)}
                </Text>
              ) : null}
            </Stack>
            <SubmitButton colorPalette="brand" alignSelf="flex-start" loading={formik.isSubmitting}>
              Salva Modifiche
            </SubmitButton>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
