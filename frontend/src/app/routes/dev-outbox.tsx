import { OutboxPage } from '../../features/dev-outbox/components/outbox-page';

export default function Route() {
  return (
    <>
      <title>Posta in uscita · Aura</title>
      <OutboxPage />
    </>
  );
}
