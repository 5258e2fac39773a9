import { PerformerDashboardPage } from '../../features/performer-dashboard/components/performer-dashboard-page';
import { PayoutsTab } from '../../features/payouts/components/payouts-tab';

export default function PerformerDashboardRoute() {
  return <PerformerDashboardPage extraTabs={[{ value: 'payouts', label: 'Pagamenti', content: (performerId) => <PayoutsTab performerId={performerId} /> }]} />;
}
