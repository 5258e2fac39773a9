import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MotionConfig } from 'framer-motion';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { system } from './theme';

/** A person who asks their system for less motion gets it (WCAG 2.3.3): framer-motion's movements, and theme.ts's CSS. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <MotionConfig reducedMotion="user">
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </MotionConfig>
    </ChakraProvider>
  );
}
