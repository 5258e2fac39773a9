import { PerformerDashboardPage } from '../../features/performer-dashboard/components/performer-dashboard-page';

export default function PerformerDashboardRoute() {
  return <PerformerDashboardPage />;
}
