import { useEffect } from 'react';
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * The app's notifications (docs/product.md#frame): one toast visible at a time (the next ones queue),
 * 5000 ms by default, focus the region with F8. Loaded after the first screen (see `toaster.tsx`).
 */
const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export type ToastOptions = Parameters<typeof toaster.create>[0];

/** The newest toast replaces the one on screen (the spec's one-toast notifier) instead of queueing behind it. */
export function show(options: ToastOptions): void {
  toaster.remove();
  toaster.create(options);
}

export function ToasterView({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.fg" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {/* at full opacity: Chakra's 0.8 put the success toast's description at 2.63:1 on its green */}
              {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger aria-label="Chiudi notifica" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
