import { useEffect, type ReactNode } from 'react';
import { Box, Card, Container, Heading, List, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { errorStatus } from '../../../lib/api-client';
import { usePerformer } from '../api/performer';
import { clearStoredPerformer, useStoredPerformer } from '../../../lib/session-storage';
import { useOwnPresence } from '../hooks/use-own-presence';
import { OverviewTab } from './overview-tab';
import { PhotosTab } from './photos-tab';
import { PrivacyCard } from './privacy-card';
import { ProfileTab } from './profile-tab';

const TIPS = [
  'Vai online negli stessi orari ogni settimana: i tuoi fan sapranno quando trovarti.',
  'Una buona luce frontale e uno sfondo ordinato fanno sembrare la tua webcam di qualità superiore.',
  'Aggiorna spesso la bio e la foto profilo: i profili curati ricevono più videochat.',
  'Carica foto esclusive nella galleria: ogni vendita ti porta il 55% del prezzo.',
  'Rispondi ai messaggi con gentilezza e rapidità: la fidelizzazione vale più di una sessione.',
  'Almeno 10 ore a settimana online ti mantengono tra le performer in evidenza.',
];

/** A tab another feature adds to her dashboard, composed by the route (features never import each other). */
export interface PerformerTab {
  value: string;
  label: string;
  content: (performerId: string) => ReactNode;
}

function Dashboard({ performerId, extraTabs = [] }: { performerId: string; extraTabs?: PerformerTab[] }) {
  const navigate = useNavigate();
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
  if (query.isError) return <Text color="fg.error" m="10">Impossibile caricare il profilo.</Text>;
  const performer = query.data;

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Ciao, {performer.name}
        </Heading>
        <Text color="fg.muted">La tua area performer: stato, profilo, galleria e guadagni.</Text>
      </Stack>
      <Tabs.Root defaultValue="dashboard" colorPalette="brand" variant="line" lazyMount>
        <Box overflowX="auto">
          <Tabs.List minW="max-content">
            <Tabs.Trigger value="dashboard">Dashboard</Tabs.Trigger>
            <Tabs.Trigger value="profile">Profilo</Tabs.Trigger>
            <Tabs.Trigger value="gallery">Galleria</Tabs.Trigger>
            <Tabs.Trigger value="chat">Chat</Tabs.Trigger>
            <Tabs.Trigger value="tips">Consigli</Tabs.Trigger>
            {extraTabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="dashboard">
          <OverviewTab performer={performer} />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <Stack gap="5">
            <ProfileTab performer={performer} />
            <PrivacyCard performer={performer} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="gallery">
          <PhotosTab performerId={performer.id} />
        </Tabs.Content>
        <Tabs.Content value="chat">
          <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" height="600px" overflow="hidden">
            <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '280px 1fr' }} height="100%">
              <Box borderRightWidth={{ md: '1px' }} borderColor="border" p="4" display={{ base: 'none', md: 'block' }}>
                <Text fontWeight="semibold" mb="2">
                  Conversazioni
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Nessuna conversazione.
                </Text>
              </Box>
              <Box display="grid" placeItems="center" p="6" textAlign="center">
                <Text color="fg.muted">select a conversation</Text>
              </Box>
            </Box>
          </Card.Root>
        </Tabs.Content>
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

/** /performer/dashboard: only with a stored performer, else to /performer/login (spec §2). */
export function PerformerDashboardPage({ extraTabs }: { extraTabs?: PerformerTab[] }) {
  const stored = useStoredPerformer();
  if (!stored) return <Navigate to="/performer/login" replace />;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Dashboard performerId={stored.id} extraTabs={extraTabs} />
    </Container>
  );
}
