import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Box } from '@chakra-ui/react';
import { MainLayout } from '../components/layout/main-layout';
import { OnlineUsersBadge } from '../features/presence/components/online-users-badge';
import { usePerformerLogout } from '../features/performer-dashboard/api/performer';
import { useStoredPerformer } from '../lib/session-storage';
import { PageSpinner } from '../components/ui/page-spinner';
import { useLogout } from '../features/auth/api/logout';
import { useBalanceSync } from '../features/account/hooks/use-balance-sync';
import { useCurrentUser } from '../features/account/hooks/use-current-user';
import { useReadModelSync } from './use-realtime-sync';
import { AgeGate } from '../features/consent/components/age-gate';
import { AgeCheckNotice } from '../features/consent/components/age-check';
import { AGE_CONFIRMED_KEY, useRemembered } from '../features/consent/hooks/use-remembered';
import { CookieNotice } from '../features/consent/components/cookie-notice';

/** Pages readable before the 18+ gate is answered: what he agrees to by entering (docs/product.md#age-gate). */
const READABLE_BEFORE_GATE = new Set(['/privacy', '/termini', '/cookie', '/faq', '/contatti']);

// the account menus (a popover menu with positioning) load only for someone signed in
const UserMenu = lazy(() => import('../components/layout/user-menu').then((m) => ({ default: m.UserMenu })));
const MessageBadge = lazy(() =>
  import('../features/chat/components/message-alerts').then((m) => ({ default: m.MessageBadge })),
);
const PerformerMenu = lazy(() =>
  import('../components/layout/performer-menu').then((m) => ({ default: m.PerformerMenu })),
);

/** Keeps the avatar's place while its menu loads. */
const avatarPlace = <Box width="40px" height="40px" aria-hidden="true" />;

/** The common layout of every page; composes the account and auth features into the header. */
export function RootLayout() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const performer = useStoredPerformer();
  const performerLogout = usePerformerLogout();
  useBalanceSync();
  useReadModelSync();
  const { pathname } = useLocation();

  const accountMenu = user ? (
    <>
      <Suspense fallback={avatarPlace}>
        <MessageBadge userId={user.id} />
      </Suspense>
      <Suspense fallback={avatarPlace}>
        <UserMenu
          username={user.username}
          email={user.email}
          balance={user.auracoinBalance}
          onLogout={() => logout.mutate()}
          isLoggingOut={logout.isPending}
        />
      </Suspense>
    </>
  ) : performer ? (
    <Suspense fallback={avatarPlace}>
      <PerformerMenu
        name={performer.name}
        email={performer.email}
        isOnline={performer.isOnline}
        totalEarnings={performer.totalEarnings}
        onLogout={() => performerLogout.mutate()}
      />
    </Suspense>
  ) : null;

  const [ageConfirmed] = useRemembered(AGE_CONFIRMED_KEY);
  return (
    <MainLayout accountMenu={accountMenu} onlineBadge={<OnlineUsersBadge />}>
      <ScrollRestoration />
      {READABLE_BEFORE_GATE.has(pathname) ? null : <AgeGate />}
      <AgeCheckNotice gateAnswered={ageConfirmed} />
      <CookieNotice />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </MainLayout>
  );
}
