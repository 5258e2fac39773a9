import { ConfirmEmailPage } from '../../features/account-settings/components/settings-page';

export default function Route() {
  return (
    <>
      <title>Conferma email · Aura</title>
      <ConfirmEmailPage />
    </>
  );
}
