import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <>
      <title>Accedi · Aura</title>
      <LoginForm />
    </>
  );
}
