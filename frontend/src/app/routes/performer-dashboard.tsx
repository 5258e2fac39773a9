import { CoPerformersPanel } from '../../features/co-performers/components/co-performers-panel';
import { UnreadTabBadge } from '../../features/chat/components/message-alerts';
import { PerformerChat } from '../../features/chat/components/performer-chat';
import { UnreadSummary } from '../../features/chat/components/unread-summary';
import { PayoutsTab } from '../../features/payouts/components/payouts-tab';
import {
  PerformerDashboardPage,
  type DashboardSlots,
} from '../../features/performer-dashboard/components/performer-dashboard-page';
import { PerformerSessions } from '../../features/video-session/components/performer-sessions';
import { ShowPanel } from '../../features/shows/components/show-panel';

/** The dashboard composes the chat feature into its Chat tab and its 'Messaggi' card, her private sessions above the tabs, and the payouts tab. */
const slots: DashboardSlots = {
  chat: (performerId) => <PerformerChat performerId={performerId} />,
  messages: (performerId, openChat) => <UnreadSummary performerId={performerId} onOpenChat={openChat} />,
  sessions: (performerId) => <PerformerSessions performerId={performerId} />,
  chatBadge: (performerId) => <UnreadTabBadge performerId={performerId} />,
};

export default function PerformerDashboardRoute() {
  return (
    <PerformerDashboardPage
      slots={slots}
      extraTabs={[
        { value: 'show', label: 'Show dal vivo', content: (performerId) => <ShowPanel performerId={performerId} /> },
        { value: 'payouts', label: 'Pagamenti', content: (performerId) => <PayoutsTab performerId={performerId} /> },
        {
          value: 'co-performers',
          label: 'Persone in camera',
          content: (performerId) => <CoPerformersPanel performerId={performerId} />,
        },
      ]}
    />
  );
}
