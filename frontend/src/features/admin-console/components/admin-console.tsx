import type { ReactNode } from 'react';
import { Button, Container, Flex, Heading, Tabs, Text } from '@chakra-ui/react';
import type { AdminView } from '@aura/contracts';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { adminRoleLabels } from '../../../lib/event-labels';
import { useAdminLogout, useAdminSession } from '../api/admin-session';
import { useAdminMfa } from '../api/mfa';
import { AdminLoginCard } from './admin-login-card';
import { MfaPrompt } from './mfa-prompt';
import { SecuritySection } from './security-section';

export interface AdminTab {
  value: string;
  label: string;
  content: ReactNode;
}

export interface AdminConsoleProps {
  /** the tabs, in order; the first is the default. Given the signed-in admin. */
  tabs: (admin: AdminView) => AdminTab[];
}

/** /admin: the sign-in card, then the dashboard header ('Admin Dashboard', 'Esci') and its tabs. */
export function AdminConsole({ tabs }: AdminConsoleProps) {
  const session = useAdminSession();
  const logout = useAdminLogout();
  const admin = session.isError ? undefined : session.data?.admin;
  const mfa = useAdminMfa(Boolean(admin));

  if (session.isPending) return <PageSpinner />;
  // a failed session check (server unreachable) shows the sign-in card: signing in reports the failure
  if (!admin) return <AdminLoginCard />;
  const list = tabs(admin);
  // ADMIN_MFA_REQUIRED: nothing but enrolling until she has enrolled
  const enrolFirst = mfa.data?.required === true && !mfa.data.enrolled;

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '3', md: '6' }}>
      <title>Admin Dashboard · Aura</title>
      <Flex justify="space-between" align="center" gap="3" mb="6" wrap="wrap">
        <div>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            Admin Dashboard
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {admin.fullName} · {adminRoleLabels[admin.role]}
          </Text>
        </div>
        <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
          Esci
        </Button>
      </Flex>
      <MfaPrompt />
      {enrolFirst ? (
        <SecuritySection />
      ) : (
        <Tabs.Root defaultValue={list[0]?.value} variant="enclosed" lazyMount unmountOnExit>
          {/* wrapped onto more rows on a phone too, not scrolled: a tab half out of view left its text's contrast for review */}
          <Tabs.List maxW="full" flexWrap="wrap">
            {list.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={0}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {list.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} pt="6">
              {tab.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Container>
  );
}
