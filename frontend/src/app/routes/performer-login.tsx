import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function PerformerLoginRoute() {
  return <PlaceholderPage title="Area Performer" />;
}
