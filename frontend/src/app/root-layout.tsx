import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { MainLayout } from '../components/layout/main-layout';
import { UserMenu } from '../components/layout/user-menu';
import { PerformerMenu } from '../components/layout/performer-menu';
import { OnlineUsersBadge } from '../features/presence/components/online-users-badge';
import { usePerformerLogout } from '../features/performer-dashboard/api/performer';
import { useStoredPerformer } from '../lib/session-storage';
import { PageSpinner } from '../components/ui/page-spinner';
import { useLogout } from '../features/auth/api/logout';
import { useBalanceSync } from '../features/account/hooks/use-balance-sync';
import { useCurrentUser } from '../features/account/hooks/use-current-user';
import { useReadModelSync } from './use-realtime-sync';

/** The common layout of every page; composes the account and auth features into the header. */
export function RootLayout() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const performer = useStoredPerformer();
  const performerLogout = usePerformerLogout();
  useBalanceSync();
  useReadModelSync();

  const accountMenu = user ? (
    <UserMenu
      username={user.username}
      email={user.email}
      balance={user.auracoinBalance}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    />
  ) : performer ? (
    <PerformerMenu
      name={performer.name}
      email={performer.email}
      isOnline={performer.isOnline}
      totalEarnings={performer.totalEarnings}
      onLogout={() => performerLogout.mutate()}
    />
  ) : null;

  return (
    <MainLayout accountMenu={accountMenu} onlineBadge={<OnlineUsersBadge />}>
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </MainLayout>
  );
}
