import { InfoPageView } from '../../features/legal/components/info-page';

export default function FaqRoute() {
  return <InfoPageView name="faq" />;
}
