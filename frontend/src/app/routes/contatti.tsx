import { InfoPageView } from '../../features/legal/components/info-page';

export default function ContattiRoute() {
  return <InfoPageView name="contatti" />;
}
