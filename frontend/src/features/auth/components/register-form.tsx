import { Badge, Box, Checkbox, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { WELCOME_BONUS_AURACOIN, REGISTER_MESSAGES, SENSITIVE_DATA_CONSENT_TEXTS } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { setStoredUser } from '../../../lib/session-storage';
import { notify } from '../../../components/ui/toaster';
import { GiftIcon, LockIcon, MailIcon, UserIcon } from '../../../components/ui/icons';
import { useRegister } from '../api/register';
import { registerSchema, type RegisterValues } from './auth-schemas';
import { AuthLayout } from './auth-layout';
import { TextField, USERNAME_INPUT } from './text-field';
import { bindField, showRefusedFields } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();

  const formik = useFormik<RegisterValues>({
    initialValues: { username: '', email: '', password: '', confirmPassword: '', sensitiveDataConsent: false },
    validationSchema: registerSchema,
    onSubmit: async ({ username, email, password }, helpers) => {
      try {
        // confirmPassword stays in the browser; the schema let the submit through only with the consent ticked
        const user = await register.mutateAsync({ username, email, password, sensitiveDataConsent: true });
        setStoredUser(user);
        notify({
          type: 'success',
          title: 'Benvenuto su Aura!',
          description: `Registrazione completata con successo. Hai ricevuto ${WELCOME_BONUS_AURACOIN} auracoin di benvenuto per iniziare!`,
        });
        await navigate('/user');
      } catch (error) {
        showRefusedFields(helpers, error, REGISTER_MESSAGES);
        notify({
          type: 'error',
          title: 'Errore di registrazione',
          description: errorMessage(error, { fields: REGISTER_MESSAGES }),
        });
      }
    },
  });

  return (
    <AuthLayout
      eyebrow={
        <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
          Registrazione Gratuita
        </Badge>
      }
      title="Crea il tuo account"
      subtitle="Unisciti ad Aura e vivi esperienze esclusive con le migliori performer."
      footer={
        <>
          <Text fontSize="sm" color="fg.muted">
            Hai già un account?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/login">Accedi qui</RouterLink>
            </Link>
          </Text>
          <Text fontSize="xs" color="fg.subtle" maxW="xs">
            Registrandoti accetti i nostri{' '}
            <Link asChild color="fg.muted" textDecoration="underline">
              <RouterLink to="/termini">Termini di Servizio</RouterLink>
            </Link>{' '}
            e la{' '}
            <Link asChild color="fg.muted" textDecoration="underline">
              <RouterLink to="/privacy">Privacy Policy</RouterLink>
            </Link>
            .
          </Text>
        </>
      }
    >
      <HStack
        gap="3"
        align="flex-start"
        bg="gold.subtle"
        borderWidth="1px"
        borderColor="gold.muted"
        rounded="xl"
        px="4"
        py="3"
        data-testid="welcome-bonus"
      >
        <Box color="gold.fg" fontSize="xl" mt="0.5">
          <GiftIcon />
        </Box>
        <Text fontSize="sm">
          <Text as="strong" color="gold.fg">
            {WELCOME_BONUS_AURACOIN} auracoin di benvenuto
          </Text>{' '}
          in regalo: li ricevi subito dopo la registrazione, senza carta di credito.
        </Text>
      </HStack>

      <Stack asChild gap="4">
        <form noValidate onSubmit={formik.handleSubmit} aria-label="Registrazione">
          <TextField
            label="Username"
            placeholder="Scegli un username"
            {...USERNAME_INPUT}
            icon={<UserIcon />}
            {...bindField(formik, 'username')}
          />
          <TextField
            label="Email"
            type="email"
            placeholder="nome@esempio.it"
            autoComplete="email"
            inputMode="email"
            icon={<MailIcon />}
            {...bindField(formik, 'email')}
          />
          <TextField
            label="Password"
            type="password"
            placeholder="Almeno 6 caratteri"
            autoComplete="new-password"
            icon={<LockIcon />}
            {...bindField(formik, 'password')}
          />
          <TextField
            label="Conferma Password"
            type="password"
            placeholder="Ripeti la password"
            autoComplete="new-password"
            icon={<LockIcon />}
            {...bindField(formik, 'confirmPassword')}
          />
          <SensitiveDataConsentField
            checked={formik.values.sensitiveDataConsent}
            onChange={(checked) => void formik.setFieldValue('sensitiveDataConsent', checked)}
            error={formik.submitCount > 0 ? formik.errors.sensitiveDataConsent : undefined}
          />
          <SubmitButton
            colorPalette="brand"
            size="lg"
            mt="2"
            loading={formik.isSubmitting}
            loadingText="Registrazione in corso..."
          >
            Registrati Gratis
          </SubmitButton>
        </form>
      </Stack>
    </AuthLayout>
  );
}

/** GDPR Art. 9: the explicit consent the registration needs, unticked until he ticks it. */
function SensitiveDataConsentField(props: { checked: boolean; onChange(checked: boolean): void; error?: string }) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Checkbox.Root
        checked={props.checked}
        onCheckedChange={(e) => props.onChange(e.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput name="sensitiveDataConsent" />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontSize="sm">{SENSITIVE_DATA_CONSENT_TEXTS.label}</Checkbox.Label>
      </Checkbox.Root>
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
