import { useEffect, useState, type ReactNode } from 'react';
import { Card, Container, Heading, List, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PERFORMER_SHARE_PERCENT } from '@aura/contracts';
import { errorStatus } from '../../../lib/api-client';
import { usePerformer } from '../api/performer';
import { clearStoredPerformer, useStoredPerformer } from '../../../lib/session-storage';
import { useOwnPresence } from '../hooks/use-own-presence';
import { OverviewTab } from './overview-tab';
import { PhotosTab } from './photos-tab';
import { PrivacyCard } from './privacy-card';
import { ScheduleCard } from './schedule-card';
import { ProfileTab } from './profile-tab';

/** The chosen tab's line drawn inside it (an inset shadow), not by Chakra's pseudo-element, which axe takes for something over its unread badge. */
const TRIGGER = {
  _selected: { '--indicator-thickness': '0px', boxShadow: 'inset 0 -2px 0 var(--chakra-colors-brand-solid)' },
} as const;

const TIPS = [
  'Vai online negli stessi orari ogni settimana: i tuoi fan sapranno quando trovarti.',
  'Una buona luce frontale e uno sfondo ordinato fanno sembrare la tua webcam di qualità superiore.',
  'Aggiorna spesso la bio e la foto profilo: i profili curati ricevono più videochat.',
  `Carica foto esclusive nella galleria: ogni vendita ti porta il ${PERFORMER_SHARE_PERCENT}% del prezzo.`,
  'Rispondi ai messaggi con gentilezza e rapidità: la fidelizzazione vale più di una sessione.',
  // what the gallery does (online first), not a promise it does not keep
  'Resta online più a lungo: nella galleria le performer online compaiono per prime.',
];

/** What other features put into the dashboard (composed by the route): the Chat tab, the 'Messaggi' card, her sessions. */
export interface DashboardSlots {
  chat: (performerId: string) => ReactNode;
  messages: (performerId: string, openChat: () => void) => ReactNode;
  /** her private sessions: incoming requests and the running session, above every tab */
  sessions?: (performerId: string) => ReactNode;
  /** the Chat tab's unread badge (and the alerts of her new messages) */
  chatBadge?: (performerId: string) => ReactNode;
}

/** A tab another feature adds to her dashboard, composed by the route (features never import each other). */
export interface PerformerTab {
  value: string;
  label: string;
  content: (performerId: string) => ReactNode;
}

const TABS = ['dashboard', 'profile', 'gallery', 'chat', 'tips'];

function Dashboard({
  performerId,
  slots,
  extraTabs = [],
}: {
  performerId: string;
  slots: DashboardSlots;
  extraTabs?: PerformerTab[];
}) {
  const tabFrom = (value: string | null): string =>
    value !== null && (TABS.includes(value) || extraTabs.some((tab) => tab.value === value)) ? value : 'dashboard';
  const navigate = useNavigate();
  // her menu opens a tab with ?tab=…; the tab then lives in the page (a reload opens the Dashboard)
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const [tab, setTab] = useState(() => tabFrom(requested));
  const [handled, setHandled] = useState<string | null>(requested);
  if (requested !== handled) {
    setHandled(requested);
    if (requested !== null) setTab(tabFrom(requested));
  }
  useEffect(() => {
    if (requested !== null) setParams({}, { replace: true });
  }, [requested, setParams]);
  const showTab = (value: string) => setTab(tabFrom(value));
  const query = usePerformer(performerId);
  useOwnPresence(performerId);
  const status = errorStatus(query.error);

  useEffect(() => {
    if (status === 401 || status === 403 || status === 404) {
      clearStoredPerformer();
      void navigate('/performer/login', { replace: true });
    }
  }, [status, navigate]);

  if (query.isPending) return <Spinner size="lg" m="10" aria-label="Caricamento..." />;
  if (query.isError)
    return (
      <Text color="fg.error" m="10">
        Impossibile caricare il profilo.
      </Text>
    );
  const performer = query.data;

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Ciao, {performer.name}
        </Heading>
        <Text color="fg.muted">La tua area performer: stato, profilo, galleria e guadagni.</Text>
      </Stack>
      {slots.sessions?.(performer.id)}
      <Tabs.Root value={tab} onValueChange={(e) => showTab(e.value)} colorPalette="brand" variant="line" lazyMount>
        {/* on a phone the tabs wrap onto more rows rather than scroll: a tab half out of view left its text's contrast for
            review; the chosen tab is marked by an inset line, not a pseudo-element over its unread badge */}
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger {...TRIGGER} value="dashboard">
            Dashboard
          </Tabs.Trigger>
          <Tabs.Trigger {...TRIGGER} value="profile">
            Profilo
          </Tabs.Trigger>
          <Tabs.Trigger {...TRIGGER} value="gallery">
            Galleria
          </Tabs.Trigger>
          <Tabs.Trigger {...TRIGGER} value="chat">
            Chat
            {slots.chatBadge?.(performer.id)}
          </Tabs.Trigger>
          <Tabs.Trigger {...TRIGGER} value="tips">
            Consigli
          </Tabs.Trigger>
          {extraTabs.map((tab) => (
            <Tabs.Trigger {...TRIGGER} key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="dashboard">
          <OverviewTab performer={performer} messages={slots.messages(performer.id, () => showTab('chat'))} />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <Stack gap="5">
            <ProfileTab performer={performer} />
            <ScheduleCard performer={performer} />
            <PrivacyCard performer={performer} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="gallery">
          <PhotosTab performerId={performer.id} />
        </Tabs.Content>
        <Tabs.Content value="chat">{slots.chat(performer.id)}</Tabs.Content>
        <Tabs.Content value="tips">
          <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
            <Card.Body gap="3">
              <Heading as="h2" size="lg">
                Consigli per guadagnare di più
              </Heading>
              <List.Root gap="2" ps="5">
                {TIPS.map((t) => (
                  <List.Item key={t} color="fg.muted">
                    {t}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        {extraTabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.content(performer.id)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

/** /performer/dashboard: only with a stored performer, else to /performer/login (docs/product.md#performer-dashboard). */
export function PerformerDashboardPage({ slots, extraTabs }: { slots: DashboardSlots; extraTabs?: PerformerTab[] }) {
  const stored = useStoredPerformer();
  if (!stored) return <Navigate to="/performer/login" replace />;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Dashboard performerId={stored.id} slots={slots} extraTabs={extraTabs} />
    </Container>
  );
}
