import type { ReactNode } from 'react';
import { Box, Flex, Link } from '@chakra-ui/react';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToHash } from './scroll-to-hash';

export const MAIN_CONTENT_ID = 'contenuto';

/** Printed pages (her weekly statement) carry the page alone: no header, footer or skip link. */
const SCREEN_ONLY = { '@media print': { display: 'none' } } as const;

export interface MainLayoutProps {
  accountMenu?: ReactNode;
  onlineBadge?: ReactNode;
  children: ReactNode;
}

/** header / main / footer landmarks, with a skip link for keyboard users. */
export function MainLayout({ accountMenu, onlineBadge, children }: MainLayoutProps) {
  return (
    <Flex direction="column" minHeight="100dvh">
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipNav"
        bg="brand.solid"
        color="brand.contrast"
        px="4"
        py="2"
        rounded="md"
        fontWeight="semibold"
        _focusVisible={{ top: '3' }}
        css={SCREEN_ONLY}
      >
        Vai al contenuto principale
      </Link>
      <ScrollToHash />
      <Box css={SCREEN_ONLY}>
        <Header accountMenu={accountMenu} onlineBadge={onlineBadge} />
      </Box>
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        flex="1"
        pt="var(--aura-header-height)"
        outline="none"
        css={{ '@media print': { paddingTop: '0' } }}
      >
        {children}
      </Box>
      <Box css={SCREEN_ONLY}>
        <Footer />
      </Box>
    </Flex>
  );
}
