import { LOGIN_MESSAGES } from '@aura/contracts';
import { Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { setStoredUser } from '../../../lib/session-storage';
import { notify } from '../../../components/ui/toaster';
import { LockIcon, UserIcon } from '../../../components/ui/icons';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from './auth-schemas';
import { AuthLayout } from './auth-layout';
import { TextField, USERNAME_INPUT } from './text-field';
import { bindField, showRefusedFields } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();

  const formik = useFormik<LoginValues>({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async ({ username, password }, helpers) => {
      try {
        const user = await login.mutateAsync({ username, password });
        setStoredUser(user);
        notify({ type: 'success', title: 'Benvenuto su Aura!', description: 'Accesso effettuato con successo.' });
        await navigate('/user');
      } catch (error) {
        showRefusedFields(helpers, error, LOGIN_MESSAGES);
        notify({
          type: 'error',
          title: 'Errore di accesso',
          description: errorMessage(error, { fields: LOGIN_MESSAGES }),
        });
      }
    },
  });

  return (
    <AuthLayout
      title="Bentornato"
      subtitle="Accedi al tuo account per continuare su Aura."
      footer={
        <Text fontSize="sm" color="fg.muted">
          Non hai un account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/register">Registrati ora</RouterLink>
          </Link>
        </Text>
      }
    >
      <Stack asChild gap="4">
        <form noValidate onSubmit={formik.handleSubmit} aria-label="Accesso">
          <TextField
            label="Username o Email"
            placeholder="Il tuo username o la tua email"
            {...USERNAME_INPUT}
            icon={<UserIcon />}
            {...bindField(formik, 'username')}
          />
          <TextField
            label="Password"
            type="password"
            placeholder="La tua password"
            autoComplete="current-password"
            icon={<LockIcon />}
            {...bindField(formik, 'password')}
          />
          <Flex justify="flex-end" mt="-1">
            {/* docs/product.md#account: a reset link by mail */}
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to="/password-dimenticata">Password dimenticata?</RouterLink>
            </Link>
          </Flex>
          <SubmitButton colorPalette="brand" size="lg" loading={formik.isSubmitting} loadingText="Accesso in corso...">
            Accedi
          </SubmitButton>
        </form>
      </Stack>
    </AuthLayout>
  );
}
