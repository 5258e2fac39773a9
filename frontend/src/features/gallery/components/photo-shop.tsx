import { useState } from 'react';
import { Badge, Box, Button, Grid, Heading, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { changedPrice, errorMessage } from '../../../lib/api-client';
import { formatAuracoin } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { setPhotoPrice, usePhotos, usePurchasePhoto, type PhotoPurchase } from '../api/photos';
import { LockIcon } from '../../../components/ui/icons';
import { PriceChanged } from '../../../components/ui/price-changed';
import { ReportDialog, type ReportTarget } from '../../../components/moderation/report-dialog';

export interface PhotoShopProps {
  performerId: string;
  performerImage: string;
  signedIn: boolean;
}

/** Her photos for sale in the profile dialog: blurred with the price until bought, then in full. */
export function PhotoShop({ performerId, performerImage, signedIn }: PhotoShopProps) {
  const navigate = useNavigate();
  const photos = usePhotos(performerId);
  const purchase = usePurchasePhoto(performerId);
  const queryClient = useQueryClient();
  // a purchase refused because the price changed since he saw it: the new price, to confirm
  const [repriced, setRepriced] = useState<PhotoPurchase | null>(null);
  // every purchase is confirmed with its price first (docs/product.md#photo-shop)
  const [confirming, setConfirming] = useState<string | null>(null);
  // the report form (DSA Art. 16) for one of her photos
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const buy = (photo: { id: string; title: string }, expectedPrice: number) => {
    setRepriced(null);
    setConfirming(null);
    purchase.mutate(
      { photoId: photo.id, expectedPrice },
      {
        onSuccess: () =>
          notify({ type: 'success', title: 'Acquisto Completato!', description: `Hai sbloccato "${photo.title}".` }),
        onError: (error) => {
          const price = changedPrice(error);
          if (price !== undefined) {
            setPhotoPrice(queryClient, performerId, photo.id, price);
            setRepriced({ photoId: photo.id, expectedPrice: price });
            return;
          }
          notify({
            type: 'error',
            title: 'Errore',
            description: errorMessage(error, { codes: { forbidden: 'La performer ti ha bloccato' } }),
          });
        },
      },
    );
  };

  if (photos.isPending) return <Spinner size="sm" mt="6" aria-label="Caricamento..." />;
  if (photos.isError || photos.data.length === 0) return null;

  return (
    <Stack gap="3" mt="6" as="section" aria-labelledby={`photos-${performerId}`}>
      <Heading as="h3" size="md" id={`photos-${performerId}`}>
        Galleria foto
      </Heading>
      <Grid templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }} gap="3">
        {photos.data.map((photo) => {
          const open = !photo.locked && photo.imageUrl;
          return (
            <Stack key={photo.id} gap="1.5" data-testid="shop-photo" data-locked={photo.locked ? 'true' : 'false'}>
              <Box position="relative" rounded="lg" overflow="hidden" aspectRatio={1} bg="bg.muted">
                {open ? (
                  <Image src={photo.imageUrl ?? ''} alt={photo.title} width="100%" height="100%" objectFit="cover" />
                ) : (
                  <>
                    <Image src={performerImage} alt="" width="100%" height="100%" objectFit="cover" />
                    {/* blurred by the veil over it (inside the box), not by a blurred image scaled past its box: the scaled
                        image reached over the heading above, and axe could not compute the heading's contrast */}
                    <Stack
                      position="absolute"
                      inset="0"
                      align="center"
                      justify="center"
                      gap="1"
                      bg="rgba(0,0,0,0.35)"
                      backdropFilter="blur(18px)"
                      color="white"
                    >
                      <LockIcon />
                      <Badge colorPalette="yellow" variant="solid">
                        {formatAuracoin(photo.price)} auracoin
                      </Badge>
                    </Stack>
                  </>
                )}
              </Box>
              <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
                {photo.title}
              </Text>
              {photo.locked ? (
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={purchase.isPending && purchase.variables.photoId === photo.id}
                  onClick={() => {
                    if (!signedIn) {
                      void navigate('/login');
                      return;
                    }
                    setConfirming(photo.id);
                  }}
                  aria-expanded={confirming === photo.id}
                >
                  Acquista · {formatAuracoin(photo.price)}
                </Button>
              ) : null}
              {photo.locked && confirming === photo.id ? (
                <Stack
                  gap="1.5"
                  p="2"
                  rounded="md"
                  bg="bg.muted"
                  role="group"
                  aria-label={`Conferma l'acquisto di ${photo.title}`}
                  data-testid="photo-confirm"
                >
                  <Text fontSize="xs">
                    Sbloccare «{photo.title}» per {formatAuracoin(photo.price)} auracoin?
                  </Text>
                  <Stack direction="row" gap="1.5" flexWrap="wrap">
                    <Button size="xs" colorPalette="brand" onClick={() => buy(photo, photo.price)}>
                      Conferma
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => setConfirming(null)}>
                      Annulla
                    </Button>
                  </Stack>
                </Stack>
              ) : null}
              {photo.locked && repriced?.photoId === photo.id ? (
                <PriceChanged
                  currentPrice={repriced.expectedPrice}
                  onConfirm={() => buy(photo, repriced.expectedPrice)}
                  onCancel={() => setRepriced(null)}
                  busy={purchase.isPending}
                />
              ) : photo.purchased && !photo.locked ? (
                <Badge colorPalette="green" alignSelf="flex-start">
                  Acquistata
                </Badge>
              ) : null}
              <Button
                size="xs"
                variant="ghost"
                alignSelf="flex-start"
                aria-label={`Segnala la foto ${photo.title}`}
                onClick={() => setReporting({ kind: 'photo', id: photo.id, label: `la foto «${photo.title}»` })}
              >
                Segnala
              </Button>
            </Stack>
          );
        })}
      </Grid>
      <ReportDialog target={reporting} signedIn={signedIn} onClose={() => setReporting(null)} />
    </Stack>
  );
}
