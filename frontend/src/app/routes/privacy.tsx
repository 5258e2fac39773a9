import { InfoPageView } from '../../features/legal/components/info-page';

export default function PrivacyRoute() {
  return <InfoPageView name="privacy" />;
}
