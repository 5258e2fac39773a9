import { InfoPageView } from '../../features/legal/components/info-page';

export default function CookieRoute() {
  return <InfoPageView name="cookie" />;
}
