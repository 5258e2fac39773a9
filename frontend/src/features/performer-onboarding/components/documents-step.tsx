import { useId, useRef } from 'react';
import { Badge, Box, Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { documentTypes } from '@aura/contracts';
import { formatFileSize } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { OptionSelect } from '../../../components/ui/option-select';
import { checkDocumentFile } from './document-check';
import type { AttachedDocument, DocumentType, RegistrationValues } from './registration-form';

/** The first document is the front of the ID, the second its back, any other 'Altro' (she may change each). */
const typeForPosition = (position: number): DocumentType =>
  position === 0 ? 'ID Fronte' : position === 1 ? 'ID Retro' : 'Altro';

/** Step 2, 'Documenti': the identity documents, each checked (size, content) before it is attached. */
export function DocumentsStep() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { values, setFieldValue, setValues } = useFormikContext<RegistrationValues>();
  const { documents } = values;
  const setDocuments = (next: AttachedDocument[]) => void setFieldValue('documents', next);

  const addFiles = async (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) {
      const problem = await checkDocumentFile(file);
      if (problem) {
        notify({ type: 'error', title: problem.title, description: problem.message });
        continue;
      }
      const attach = (current: AttachedDocument[]) => [
        ...current,
        { key: crypto.randomUUID(), file, documentType: typeForPosition(current.length) },
      ];
      void setValues((current) => ({ ...current, documents: attach(current.documents) }));
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <>
      <Heading as="h2" size="md">
        Documenti d&apos;identità
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Carica fronte e retro di un documento valido (JPG, PNG o PDF, massimo 10MB ciascuno). I documenti sono
        conservati in modo privato e visibili solo allo staff di verifica.
      </Text>
      <Box>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept="image/jpeg,image/png,application/pdf"
          onChange={(e) => void addFiles(e.currentTarget.files)}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          data-testid="document-input"
        />
        <Button asChild variant="outline" width="100%" height="24" borderStyle="dashed">
          <label htmlFor={`${id}-files`} style={{ cursor: 'pointer' }}>
            Scegli i file da caricare
          </label>
        </Button>
      </Box>
      <Stack gap="2" as="ul" listStyleType="none" aria-label="Documenti allegati">
        {documents.map((doc) => (
          <Flex
            as="li"
            key={doc.key}
            gap="3"
            align="center"
            p="3"
            rounded="lg"
            bg="bg.muted"
            wrap="wrap"
            data-testid="attached-document"
          >
            <Stack gap="0" flex="1" minW="40">
              <Text fontWeight="medium" lineClamp={1}>
                {doc.file.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatFileSize(doc.file.size)}
              </Text>
            </Stack>
            <OptionSelect
              size="sm"
              width="36"
              aria-label={`Tipo di documento di ${doc.file.name}`}
              value={doc.documentType}
              onChange={(e) => {
                const documentType = e.currentTarget.value as DocumentType;
                setDocuments(documents.map((d) => (d.key === doc.key ? { ...d, documentType } : d)));
              }}
              options={documentTypes}
            />
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Rimuovi ${doc.file.name}`}
              onClick={() => setDocuments(documents.filter((d) => d.key !== doc.key))}
            >
              ✕
            </IconButton>
          </Flex>
        ))}
      </Stack>
      {documents.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessun documento allegato.
        </Text>
      ) : (
        <Badge colorPalette="green" alignSelf="flex-start">
          {documents.length} {documents.length === 1 ? 'documento allegato' : 'documenti allegati'}
        </Badge>
      )}
    </>
  );
}
