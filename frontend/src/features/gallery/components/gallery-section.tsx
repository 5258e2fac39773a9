import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Box, Button, Container, Flex, Grid, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/ui/option-select';
import { GALLERY_PAGE_SIZE, type GalleryTab } from '@aura/contracts';
import { useNavigate } from 'react-router-dom';
import { getStoredUserId, useStoredUser } from '../../../lib/session-storage';
import { useGallery, type GalleryPerformer } from '../api/gallery';
import { useFavourites } from '../api/favourites';
import { useLiveShowBadges } from '../api/live-shows';
import { useGalleryRealtime, useViewing } from '../hooks/use-gallery-realtime';
import { EMPTY_FILTERS, SORTS, type GalleryFilters } from './filter-options';
import { FilterPanel } from './filter-panel';
import { PerformerCard } from './performer-card';

// the dialogs load when a card is first opened, not with the landing page
const ProfileDialog = lazy(() => import('./profile-dialog').then((m) => ({ default: m.ProfileDialog })));
const PhotoShop = lazy(() => import('./photo-shop').then((m) => ({ default: m.PhotoShop })));
const AliasChooser = lazy(() =>
  import('../../../components/identity/alias-chooser').then((m) => ({ default: m.AliasChooser })),
);

export interface GallerySectionProps {
  /** the hero's search: name, category or language */
  search?: string;
  onClearSearch?: () => void;
  /**
   * her live show playing inside her open profile (the page composes it from the shows feature);
   * asked only while she is live and this browser has its proof of age
   */
  renderLiveShow?: (show: { showId: string; performerName: string }) => ReactNode;
}

const TABS: { value: GalleryTab; label: string }[] = [
  { value: 'all', label: 'Tutte' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
  { value: 'new', label: 'Nuove' },
];

/** The performer gallery of the landing page (anchor #performers). */
export function GallerySection({ search = '', onClearSearch, renderLiveShow }: GallerySectionProps) {
  const navigate = useNavigate();
  const user = useStoredUser();
  const [tab, setTab] = useState<GalleryTab>('all');
  const [filters, setFilters] = useState<GalleryFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState('');
  const sortId = useId();
  const [limit, setLimit] = useState(GALLERY_PAGE_SIZE);
  const [openId, setOpenId] = useState<string | null>(null);
  const [chooserFor, setChooserFor] = useState<GalleryPerformer | null>(null);
  // once opened, a dialog stays mounted so it can animate out and give the focus back
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (!dialogsUsed && (openId !== null || chooserFor !== null)) setDialogsUsed(true);

  useGalleryRealtime();
  useViewing(openId);
  const gallery = useGallery({ tab, q: search || undefined, ...filters, limit, sort });
  const favourites = useFavourites(user?.id ?? null);

  const liveShows = useLiveShowBadges();
  const [liveOnly, setLiveOnly] = useState(false);
  // live shows first, then the server's order; 'In onda' keeps only them
  const listed = gallery.data?.performers ?? [];
  const performers = [
    ...listed.filter((p) => liveShows.has(p.id)),
    ...(liveOnly ? [] : listed.filter((p) => !liveShows.has(p.id))),
  ];
  const counts = gallery.data?.counts;
  const hasMore = !liveOnly && counts !== undefined && listed.length < counts[tab];
  const open = performers.find((p) => p.id === openId) ?? null;
  // her show on now: the open profile plays it as soon as she is live ('show:status' reads the list again)
  const openShow = open ? liveShows.get(open.id) : undefined;

  const startVideochat = (p: GalleryPerformer) => {
    if (!getStoredUserId()) {
      void navigate('/login');
      return;
    }
    setOpenId(null);
    setChooserFor(p);
  };
  const startChat = (p: GalleryPerformer) => {
    if (!getStoredUserId()) {
      void navigate('/login');
      return;
    }
    void navigate(`/chat?performerId=${encodeURIComponent(p.id)}`);
  };

  return (
    <Box as="section" id="performers" aria-labelledby="gallery-title">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '16' }}>
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h2" id="gallery-title" size={{ base: '2xl', md: '3xl' }}>
              Le nostre Performer
            </Heading>
            <Text color="fg.muted">Scegli con chi vivere un&apos;esperienza esclusiva, dal vivo.</Text>
          </Stack>
          {search ? (
            <Flex gap="2" align="center" wrap="wrap" fontSize="sm" data-testid="search-summary">
              <Text>
                Risultati per <strong>&quot;{search}&quot;</strong>
              </Text>
              {onClearSearch ? (
                <Box as="button" color="brand.fg" textDecoration="underline" onClick={onClearSearch}>
                  Mostra tutte
                </Box>
              ) : null}
            </Flex>
          ) : null}
          {/* one panel per tab (each tab's aria-controls names it); the chosen one holds the cards */}
          <Tabs.Root
            value={tab}
            onValueChange={(e) => {
              setTab(e.value as GalleryTab);
              setLimit(GALLERY_PAGE_SIZE);
            }}
            variant="enclosed"
            colorPalette="brand"
          >
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
                  {t.label} ({counts?.[t.value] ?? 0})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Flex pt="6" gap="3" align="center" wrap="wrap">
              <Button
                size="sm"
                variant={liveOnly ? 'solid' : 'outline'}
                colorPalette="red"
                aria-pressed={liveOnly}
                onClick={() => setLiveOnly((current) => !current)}
                data-testid="filter-live"
              >
                In onda ({liveShows.size})
              </Button>
              <Box as="label" {...{ htmlFor: sortId }} fontSize="sm" color="fg.muted">
                Ordina per
              </Box>
              <OptionSelect
                id={sortId}
                size="sm"
                width="auto"
                value={sort}
                onChange={(e) => {
                  setSort(e.currentTarget.value);
                  setLimit(GALLERY_PAGE_SIZE);
                }}
                emptyOption="In evidenza"
                options={Object.keys(SORTS)}
                data-testid="gallery-sort"
              />
            </Flex>
            <Box pt="3">
              <FilterPanel
                filters={filters}
                onChange={(next) => {
                  setFilters(next);
                  setLimit(GALLERY_PAGE_SIZE);
                }}
              />
            </Box>
            {TABS.map((t) => (
              <Tabs.Content key={t.value} value={t.value} pt="6" pb="0">
                {t.value === tab ? (
                  <Stack gap="6">
                    {gallery.isPending ? (
                      <Text color="fg.muted" role="status">
                        Caricamento...
                      </Text>
                    ) : gallery.isError ? (
                      <Text color="fg.error" role="alert">
                        Impossibile caricare le performer.
                      </Text>
                    ) : performers.length === 0 ? (
                      <Box
                        py="12"
                        textAlign="center"
                        rounded="2xl"
                        borderWidth="1px"
                        borderStyle="dashed"
                        borderColor="border.emphasized"
                      >
                        <Text color="fg.muted">Nessuna performer disponibile</Text>
                      </Box>
                    ) : (
                      <Grid
                        templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' }}
                        gap={{ base: '3', md: '5' }}
                        aria-busy={gallery.isFetching}
                        data-testid="gallery-grid"
                      >
                        {performers.map((p) => (
                          <PerformerCard
                            key={p.id}
                            performer={p}
                            viewers={p.viewers}
                            isFavourite={favourites.ids.includes(p.id)}
                            onToggleFavourite={() => favourites.toggle(p.id)}
                            onOpen={() => setOpenId(p.id)}
                            onVideochat={() => startVideochat(p)}
                            onChat={() => startChat(p)}
                            onWatchShow={() => void navigate(`/show/${encodeURIComponent(p.id)}`)}
                            liveShow={liveShows.get(p.id)}
                          />
                        ))}
                      </Grid>
                    )}
                    {hasMore ? (
                      <Flex justify="center">
                        <Button
                          variant="outline"
                          onClick={() => setLimit((current) => current + GALLERY_PAGE_SIZE)}
                          loading={gallery.isFetching}
                        >
                          Mostra altre
                        </Button>
                      </Flex>
                    ) : null}
                  </Stack>
                ) : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
      </Container>
      {dialogsUsed ? (
        <Suspense fallback={null}>
          <ProfileDialog
            performer={open}
            onClose={() => setOpenId(null)}
            onVideochat={() => open && startVideochat(open)}
            onChat={() => open && startChat(open)}
            signedIn={user !== null}
            liveShow={
              open && liveShows.has(open.id) ? { ...liveShows.get(open.id)!, href: `/show/${open.id}` } : undefined
            }
            liveVideo={
              open && openShow?.status === 'live' && !gallery.data?.ageVerificationRequired
                ? renderLiveShow?.({ showId: openShow.showId, performerName: open.name })
                : undefined
            }
            photos={
              open ? <PhotoShop performerId={open.id} performerImage={open.image} signedIn={user !== null} /> : null
            }
          />
          <AliasChooser
            open={chooserFor !== null}
            userId={user?.id ?? ''}
            performerId={chooserFor?.id ?? null}
            realName={user?.username ?? ''}
            onCancel={() => setChooserFor(null)}
            onConfirm={({ aliasId, displayName }) => {
              const p = chooserFor;
              setChooserFor(null);
              const alias = aliasId ? `&aliasId=${encodeURIComponent(aliasId)}` : '';
              // the rate he saw on her card or dialog travels along: the session is asked at that price (docs/product.md#price-seen)
              if (p)
                void navigate(
                  `/video-session?performerId=${encodeURIComponent(p.id)}&displayName=${encodeURIComponent(displayName)}${alias}&rate=${p.creditsPerMinute}`,
                );
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
