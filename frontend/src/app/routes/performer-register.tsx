import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function PerformerRegisterRoute() {
  return <PlaceholderPage title="Registrazione Performer" />;
}
