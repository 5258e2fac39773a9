import { InfoPageView } from '../../features/legal/components/info-page';

export default function TerminiRoute() {
  return <InfoPageView name="termini" />;
}
