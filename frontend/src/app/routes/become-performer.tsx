import { BecomePerformerPage } from '../../features/performer-onboarding/components/become-performer-page';

export default function BecomePerformerRoute() {
  return <BecomePerformerPage />;
}
