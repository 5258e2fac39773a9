import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../../../lib/api-client';
import { useAdminVerify } from '../api/admin-session';

/**
 * The admin sign-in card. Each admin has a username and a password (the spec's single shared
 * password is replaced; see the README). No client-side rule: the values are sent as typed.
 */
export function AdminLoginCard() {
  const verify = useAdminVerify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await verify.mutateAsync({ username, password });
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure('Password non valida');
        setPassword('');
      } else {
        setFailure('Errore di connessione');
      }
    }
  };

  return (
    <Box minH="70dvh" display="flex" alignItems="center" justifyContent="center" px="4" py="12">
      <title>Admin · Aura</title>
      <Card.Root width="full" maxW="sm" bg="bg.panel" borderColor="border" rounded="2xl">
        <Card.Header>
          <Heading as="h1" size="xl">
            Admin Dashboard
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Accedi con le tue credenziali di amministratore.
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack asChild gap="4">
            <form onSubmit={(event) => void onSubmit(event)} aria-label="Accesso amministratore" noValidate>
              <Field.Root>
                <Field.Label>Username</Field.Label>
                <Input
                  name="username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Password</Field.Label>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field.Root>
              {failure ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              ) : null}
              <Button type="submit" colorPalette="brand" loading={verify.isPending}>
                Accedi
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
