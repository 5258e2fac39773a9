import { ForgotPasswordForm } from '../../features/auth/components/password-reset';

export default function Route() {
  return (
    <>
      <title>Password dimenticata · Aura</title>
      <ForgotPasswordForm />
    </>
  );
}
