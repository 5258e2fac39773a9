import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { DialogFrame } from './dialog-frame';

/** A decision's dialog: its fields, 'Annulla' and the button that confirms it (the second factor is asked after). */
export function DecisionFrame({
  open,
  onClose,
  onExitComplete,
  title,
  formLabel,
  testId,
  confirmLabel,
  confirmPalette = 'brand',
  pending,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onExitComplete: () => void;
  title: string;
  formLabel: string;
  testId: string;
  confirmLabel: string;
  confirmPalette?: 'brand' | 'red';
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      onExitComplete={onExitComplete}
      title={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      formLabel={formLabel}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" colorPalette={confirmPalette} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
