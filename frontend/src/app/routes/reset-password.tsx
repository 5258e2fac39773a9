import { ResetPasswordForm } from '../../features/auth/components/password-reset';

export default function Route() {
  return (
    <>
      <title>Nuova password · Aura</title>
      <ResetPasswordForm />
    </>
  );
}
