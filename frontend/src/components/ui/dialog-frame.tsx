import type { FormEvent, ReactNode, RefObject } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface DialogFrameProps {
  open: boolean;
  /** Escape, the backdrop, the corner button and the caller's own "Annulla" all close through here */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** wraps title, body and footer in a form (Enter submits); `formLabel` names it */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formLabel?: string;
  /** a wide dialog, full screen on phones; without it the dialog keeps a margin on phones */
  size?: 'lg' | 'xl';
  /** 'alertdialog' for a confirmation */
  role?: 'dialog' | 'alertdialog';
  initialFocusEl?: () => HTMLElement | null;
  /** where the focus goes back on closing (without it: where it was before opening) */
  finalFocusEl?: () => HTMLElement | null;
  /** where the dialog is rendered instead of the page's body (e.g. the element shown full screen) */
  container?: RefObject<HTMLElement | null> | undefined;
  /** after the closing animation: reset what the dialog held */
  onExitComplete?: () => void;
  testId?: string;
}

/** The one dialog of the app: centred, scrolling inside, closable with Escape and the corner button. */
export function DialogFrame({
  open,
  onClose,
  title,
  children,
  footer,
  onSubmit,
  formLabel,
  size,
  role,
  initialFocusEl,
  finalFocusEl,
  container,
  onExitComplete,
  testId,
}: DialogFrameProps) {
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
    </>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      {...(size ? { size: { base: 'full', md: size } } : {})}
      {...(role ? { role } : {})}
      {...(initialFocusEl ? { initialFocusEl } : {})}
      {...(finalFocusEl ? { finalFocusEl } : {})}
      {...(onExitComplete ? { onExitComplete } : {})}
    >
      <Portal container={container}>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" mx={size ? undefined : '4'} data-testid={testId}>
            {onSubmit ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit(event);
                }}
                noValidate
                aria-label={formLabel}
              >
                {sections}
              </form>
            ) : (
              sections
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Chiudi" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
