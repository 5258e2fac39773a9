import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCoPerformerInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { queryKeys } from '../../../lib/query-keys';
import { coPerformersQueryOptions } from '../../../lib/shared-queries';

/** The people on camera with her and their review (GET /api/performers/{id}/co-performers). */
export function useCoPerformers(performerId: string) {
  return useQuery(coPerformersQueryOptions(performerId));
}

/** Her ID document to private storage (as the onboarding's): the answer's `url` is only a reference. */
function uploadCoPerformerDocument(file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('fileName', `co-performer-docs/${Date.now()}-${file.name}`);
  form.append('directory', 'private');
  return call('uploadDocument', { body: form });
}

export type NewCoPerformer = Omit<AddCoPerformerInput, 'document'> & {
  document: { file: File; documentType: AddCoPerformerInput['document']['documentType'] };
};

/** Uploads her document, then adds her: pending until an admin approves. */
export function useAddCoPerformer(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ document, ...person }: NewCoPerformer) => {
      const uploaded = await uploadCoPerformerDocument(document.file);
      return call('addCoPerformer', {
        params: { id: performerId },
        body: {
          ...person,
          document: { documentType: document.documentType, documentUrl: uploaded.url, fileName: document.file.name },
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.performers.coPerformers(performerId) }),
  });
}

/** She withdraws a co-performer: no show or photo declares her again (her records stay, for the law). */
export function useRevokeCoPerformer(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coPerformerId: string) => call('revokeCoPerformer', { params: { id: performerId, coPerformerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.performers.coPerformers(performerId) }),
    onError: (error) =>
      notify({ type: 'error', title: 'Impossibile ritirare la persona', description: errorMessage(error) }),
  });
}
