import { useRef, useState } from 'react';
import { uploadMessages } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { uploadPhotoImage } from '../api/photos';
import { checkImageFile } from '../components/image-check';

/**
 * One image from her device, checked here (size, JPEG/PNG/WebP bytes), uploaded and made public;
 * `onUploaded` gets its public path. Refusals read as Italian toasts; the file input is cleared after.
 */
export function useImageUpload(performerId: string, onUploaded: (path: string) => Promise<void> | void) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkImageFile(file);
    if (problem) {
      notify({ type: 'error', title: problem.title, description: problem.message });
      return;
    }
    setUploading(true);
    try {
      await onUploaded(await uploadPhotoImage(file, performerId));
    } catch (error) {
      notify({
        type: 'error',
        title: 'Errore',
        description: errorMessage(error, { codes: { unsupported_media_type: uploadMessages.badImage.message } }),
      });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return { fileRef, uploading, onFile };
}
