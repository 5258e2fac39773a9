import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function AdminRoute() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
