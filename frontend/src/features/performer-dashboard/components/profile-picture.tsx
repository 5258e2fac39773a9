import { useId } from 'react';
import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { notify } from '../../../components/ui/toaster';
import { useImageUpload } from '../hooks/use-image-upload';

export interface ProfilePictureProps {
  performerId: string;
  name: string;
  image: string;
  /** saves the uploaded picture as her profile image (its public path) */
  onUploaded(image: string): Promise<void>;
}

/** Her profile picture, uploaded from her device and saved at once (docs/product.md#profile-tab). */
export function ProfilePicture({ performerId, name, image, onUploaded }: ProfilePictureProps) {
  const id = useId();
  const { fileRef, uploading, onFile } = useImageUpload(performerId, async (path) => {
    await onUploaded(path);
    notify({
      type: 'success',
      title: 'Foto profilo aggiornata!',
      description: 'La nuova foto è visibile nel tuo profilo',
    });
  });

  return (
    <HStack gap="4" align="center" flexWrap="wrap" data-testid="profile-picture">
      <Image src={image} alt={`Foto profilo di ${name}`} boxSize="24" rounded="full" objectFit="cover" bg="bg.muted" />
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Foto profilo
        </Text>
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
