import { AdminConsole } from '../../features/admin-console/components/admin-console';
import { AdminsTab } from '../../features/admin-console/components/admins-tab';
import { ReviewTab } from '../../features/content-review/components/review-tab';
import { CoPerformersAdminTab } from '../../features/co-performers-admin/components/co-performers-admin-tab';
import { SecuritySection } from '../../features/admin-console/components/security-section';
import { UsersTab } from '../../features/admin-console/components/users-tab';
import { MonitoringTab } from '../../features/moderation-admin/components/monitoring-tab';
import { ReportsTab } from '../../features/moderation-admin/components/reports-tab';
import { OffersAdminPanel } from '../../features/offers/components/offers-admin-panel';
import { PackagesTab } from '../../features/packages-admin/components/packages-tab';
import { PayoutsAdminTab } from '../../features/payouts-admin/components/payouts-admin-tab';
import { PerformersTab } from '../../features/performer-admin/components/performers-tab';
import { DisputesTab } from '../../features/refunds-admin/components/disputes-tab';
import { RefundsTab } from '../../features/refunds-admin/components/refunds-tab';
import { VerificationTab } from '../../features/performer-admin/components/verification-tab';
import { StatisticsTab } from '../../features/statistics/components/statistics-tab';

/** /admin: composes the admin console's six tabs from their features (docs/product.md#admin, order as listed). */
export default function AdminRoute() {
  return (
    <AdminConsole
      tabs={(admin) => [
        { value: 'statistics', label: 'Statistiche', content: <StatisticsTab /> },
        { value: 'users', label: 'Utenti', content: <UsersTab /> },
        { value: 'performers', label: 'Performer', content: <PerformersTab /> },
        // renders only once the admin record is present (the console shows tabs only then)
        {
          value: 'verification',
          label: 'Verifica Performer',
          content: admin.id ? <VerificationTab adminId={admin.id} /> : null,
        },
        { value: 'reviews', label: 'Revisione', content: <ReviewTab /> },
        // issue 39 item 7: the people on camera with a performer, approved before she declares them
        { value: 'co-performers', label: 'Persone in camera', content: <CoPerformersAdminTab /> },
        { value: 'packages', label: 'Pacchetti Auracoin', content: <PackagesTab extra={<OffersAdminPanel />} /> },
        {
          value: 'admins',
          label: 'Gestione Admin',
          content: <AdminsTab currentAdminId={admin.id} currentRole={admin.role} />,
        },
        { value: 'payouts', label: 'Pagamenti', content: <PayoutsAdminTab /> },
        { value: 'security', label: 'Sicurezza', content: <SecuritySection /> },
        { value: 'refunds', label: 'Rimborsi', content: <RefundsTab /> },
        { value: 'disputes', label: 'Contestazioni', content: <DisputesTab /> },
        // issue 39 items 4 and 6: reports and appeals; the running shows
        { value: 'reports', label: 'Segnalazioni', content: admin.id ? <ReportsTab adminId={admin.id} /> : null },
        { value: 'monitoring', label: 'Monitoraggio', content: <MonitoringTab /> },
      ]}
    />
  );
}
