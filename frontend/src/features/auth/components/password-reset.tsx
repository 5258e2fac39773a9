import { useState, type FormEvent } from 'react';
import { Link, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MIN } from '@aura/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { SubmitButton } from '../../../components/ui/submit-button';
import { LockIcon, UserIcon } from '../../../components/ui/icons';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { AuthLayout } from './auth-layout';
import { TextField } from './text-field';

const backToLogin = (
  <Text fontSize="sm" color="fg.muted">
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">Torna all&apos;accesso</RouterLink>
    </Link>
  </Text>
);

/** 'Password dimenticata?': the address to send a reset link to (the answer is the same whether or not it has an account). */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) request.mutate(email.trim());
  };
  return (
    <AuthLayout
      title="Password dimenticata?"
      subtitle="Ti mandiamo un link per sceglierne una nuova."
      footer={backToLogin}
    >
      {request.isSuccess ? (
        <Text role="status" data-testid="reset-sent">
          Se l&apos;indirizzo appartiene a un account Aura, riceverai a breve un&apos;email con il link per reimpostare
          la password. Il link vale un&apos;ora.
        </Text>
      ) : (
        <Stack asChild gap="4">
          <form noValidate onSubmit={submit} aria-label="Recupero password">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              icon={<UserIcon />}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={request.isError ? errorMessage(request.error) : undefined}
            />
            <SubmitButton colorPalette="brand" size="lg" loading={request.isPending} loadingText="Invio in corso...">
              Invia il link
            </SubmitButton>
          </form>
        </Stack>
      )}
    </AuthLayout>
  );
}

/** The reset link's page: a new password, once. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) return setProblem(`La password deve avere almeno ${PASSWORD_MIN} caratteri`);
    if (password !== repeat) return setProblem('Le password non coincidono');
    setProblem(undefined);
    confirm.mutate({ token, password });
  };
  return (
    <AuthLayout title="Nuova password" subtitle="Scegli la nuova password del tuo account." footer={backToLogin}>
      {confirm.isSuccess ? (
        <Text role="status" data-testid="reset-done">
          Password aggiornata. Per sicurezza abbiamo chiuso le altre sessioni del tuo account: ora puoi accedere con la
          nuova password.
        </Text>
      ) : (
        <Stack asChild gap="4">
          <form noValidate onSubmit={submit} aria-label="Nuova password">
            <TextField
              label="Nuova password"
              type="password"
              autoComplete="new-password"
              icon={<LockIcon />}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={problem}
            />
            <TextField
              label="Ripeti la password"
              type="password"
              autoComplete="new-password"
              icon={<LockIcon />}
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
            {confirm.isError ? (
              <Text color="fg.error" role="alert">
                {errorMessage(confirm.error)}
              </Text>
            ) : null}
            <SubmitButton colorPalette="brand" size="lg" loading={confirm.isPending} loadingText="Salvataggio...">
              Salva la password
            </SubmitButton>
          </form>
        </Stack>
      )}
    </AuthLayout>
  );
}
