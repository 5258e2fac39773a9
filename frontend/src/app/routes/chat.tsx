import { PlaceholderPage } from '../../components/ui/placeholder-page';

export default function ChatRoute() {
  return <PlaceholderPage title="Chat" />;
}
