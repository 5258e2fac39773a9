import { useId } from 'react';
import { Badge, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { PerformerView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { useImageUpload } from '../hooks/use-image-upload';

export interface ProfilePictureProps {
  performerId: string;
  name: string;
  /** her approved portrait (what everyone else sees) */
  image: string;
  /** her new portrait in review, or rejected (issue 39 item 5): she sees it, with its state */
  pending?: PerformerView['pendingPortrait'];
  /** saves the uploaded picture as her profile image (its public path) */
  onUploaded(image: string): Promise<void>;
}

/** Her profile picture, uploaded from her device and saved at once (docs/product.md#profile-tab). */
export function ProfilePicture({ performerId, name, image, pending, onUploaded }: ProfilePictureProps) {
  const id = useId();
  const { fileRef, uploading, onFile } = useImageUpload(performerId, async (path) => {
    await onUploaded(path);
    notify({
      type: 'success',
      title: 'Foto profilo aggiornata!',
      description: 'La nuova foto sarà visibile a tutti dopo la revisione',
    });
  });

  return (
    <HStack gap="4" align="center" flexWrap="wrap" data-testid="profile-picture">
      <Image
        src={pending?.image ?? image}
        alt={`Foto profilo di ${name}`}
        boxSize="24"
        rounded="full"
        objectFit="cover"
        bg="bg.muted"
      />
      <Stack gap="1">
        <HStack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            Foto profilo
          </Text>
          {pending ? (
            <Badge colorPalette={pending.review === 'rifiutata' ? 'red' : 'gray'} data-testid="portrait-review">
              {pending.review === 'rifiutata' ? 'Rifiutata' : 'In revisione'}
            </Badge>
          ) : null}
        </HStack>
        {pending ? (
          <Text fontSize="xs" color="fg.muted">
            {pending.review === 'rifiutata'
              ? "Non approvata: trovi la motivazione in 'Comunicazioni'. Gli altri vedono la foto precedente."
              : 'Gli altri vedono la foto precedente finché un amministratore non la approva.'}
          </Text>
        ) : null}
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label="Carica una nuova foto profilo"
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          data-testid="profile-picture-file"
        />
        <Button asChild variant="outline" size="sm" loading={uploading} loadingText="Caricamento...">
          <label htmlFor={`${id}-file`} style={{ cursor: 'pointer' }}>
            Carica una nuova foto
          </label>
        </Button>
        <Text fontSize="xs" color="fg.muted">
          JPG, PNG o WebP, al massimo 10 MB
        </Text>
      </Stack>
    </HStack>
  );
}
