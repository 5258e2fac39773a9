import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function PerformerDashboardRoute() {
  return <PlaceholderPage title="Dashboard Performer" />;
}
