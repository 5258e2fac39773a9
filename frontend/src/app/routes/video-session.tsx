import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function VideoSessionRoute() {
  return <PlaceholderPage title="Sessione Video" />;
}
