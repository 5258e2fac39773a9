import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function HomeRoute() {
  return <PlaceholderPage title="Home" showHomeLink={false} />;
}
