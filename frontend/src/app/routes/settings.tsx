import { SettingsPage } from '../../features/account-settings/components/settings-page';

export default function Route() {
  return (
    <>
      <title>Impostazioni · Aura</title>
      <SettingsPage />
    </>
  );
}
