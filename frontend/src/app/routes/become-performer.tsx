import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function BecomePerformerRoute() {
  return <PlaceholderPage title="Diventa Performer" />;
}
