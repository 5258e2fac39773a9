import { useState } from 'react';
import { Alert, Badge, Box, Card, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { PERFORMER_LOGIN_MESSAGES, type PerformerView } from '@aura/contracts';
import { useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { notify } from '../../../components/ui/toaster';
import { usePerformerLogin } from '../api/performer-login';
import { fieldError } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/ui/submit-button';

const schema = yup.object({
  username: yup.string().trim().required(PERFORMER_LOGIN_MESSAGES.username),
  password: yup.string().required(PERFORMER_LOGIN_MESSAGES.password),
});

/** /performer/login, 'Area Performer' (docs/product.md#performer-dashboard). */
export function PerformerLoginForm() {
  const navigate = useNavigate();
  const login = usePerformerLogin();
  const [notApproved, setNotApproved] = useState<PerformerView | null>(null);

  const formik = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setNotApproved(null);
      try {
        const performer = await login.mutateAsync({ username: values.username.trim(), password: values.password });
        if (performer.verificationStatus !== 'approved') {
          setNotApproved(performer);
          return;
        }
        notify({ type: 'success', title: 'Accesso effettuato!', description: `Benvenuta ${performer.name}!` });
        await navigate('/performer/dashboard');
      } catch {
        notify({ type: 'error', title: 'Errore', description: 'Credenziali non valide' });
      }
    },
  });
  const errorOf = (field: 'username' | 'password') => fieldError(formik, field);

  return (
    <Container maxW="md" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
        <Card.Body gap="6">
          <Stack gap="2" textAlign="center" align="center">
            <Badge colorPalette="purple" variant="subtle" rounded="full">
              Performer
            </Badge>
            <Heading as="h1" size="2xl">
              Area Performer
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Accedi per gestire profilo, stato online, galleria e guadagni.
            </Text>
          </Stack>
          {notApproved ? (
            <Alert.Root
              status={notApproved.verificationStatus === 'rejected' ? 'error' : 'info'}
              data-testid="verification-status"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {notApproved.verificationStatus === 'rejected' ? 'Registrazione rifiutata' : 'Verifica in corso'}
                </Alert.Title>
                <Alert.Description>
                  {notApproved.verificationStatus === 'rejected'
                    ? `Motivo: ${notApproved.rejectionReason ?? 'non indicato'}`
                    : 'Ciao ' +
                      notApproved.name +
                      ', la tua registrazione è in attesa di verifica da parte del nostro team (24-48 ore).'}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <form onSubmit={formik.handleSubmit} noValidate>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errorOf('username'))} required>
                <Field.Label>Username</Field.Label>
                <Input autoComplete="username" bg="bg.subtle" {...formik.getFieldProps('username')} />
                <Field.ErrorText>{errorOf('username')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errorOf('password'))} required>
                <Field.Label>Password</Field.Label>
                <Input
                  type="password"
                  autoComplete="current-password"
                  bg="bg.subtle"
                  {...formik.getFieldProps('password')}
                />
                <Field.ErrorText>{errorOf('password')}</Field.ErrorText>
              </Field.Root>
              <SubmitButton
                colorPalette="brand"
                size="lg"
                loading={formik.isSubmitting}
                loadingText="Accesso in corso..."
              >
                Accedi
              </SubmitButton>
            </Stack>
          </form>
          <Box textAlign="center" fontSize="sm" color="fg.muted">
            Non hai ancora un account?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/performer/register">Registrati come Performer</RouterLink>
            </Link>
          </Box>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
