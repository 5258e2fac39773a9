import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { BrandLogo } from '../ui/brand-logo';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { GUEST_ACTIONS, NAV_LINKS } from './nav-links';

export interface HeaderProps {
  /** the signed-in account's menu; when absent the guest buttons are shown */
  accountMenu?: ReactNode;
  /** the live online-users badge (composed from the presence feature) */
  onlineBadge?: ReactNode;
}

function isCurrent(pathname: string, hash: string, to: string): boolean {
  const [path, anchor] = to.split('#');
  return anchor ? pathname === path && hash === `#${anchor}` : pathname === path && (path !== '/' || hash === '');
}

/** Fixed header (docs/product.md#frame): brand, navigation, guest buttons or the account menu, mobile menu. */
export function Header({ accountMenu, onlineBadge }: HeaderProps) {
  const panelId = useId();
  const { pathname, hash, key } = useLocation();
  // the mobile menu is open for the location it was opened on: any navigation closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = (next: boolean) => setOpenOn(next ? key : null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the mobile menu
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const signedIn = accountMenu !== undefined && accountMenu !== null;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      // opaque (the page's own background): a see-through header over a scrolled page left the contrast of its links for
      // review, the content passing under them
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex height="var(--aura-header-height)" align="center" justify="space-between" gap="4">
          <BrandLogo />

          <Box as="nav" aria-label="Navigazione principale" display={{ base: 'none', lg: 'block' }}>
            <HStack as="ul" gap="1" listStyleType="none">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    asChild
                    px="3"
                    py="2"
                    rounded="md"
                    fontWeight="medium"
                    color="fg.muted"
                    textDecoration="none"
                    _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
                    _currentPage={{ color: 'fg' }}
                  >
                    <RouterLink to={link.to} aria-current={isCurrent(pathname, hash, link.to) ? 'page' : undefined}>
                      {link.label}
                    </RouterLink>
                  </Link>
                </li>
              ))}
            </HStack>
          </Box>

          <HStack gap="2">
            {onlineBadge}
            {signedIn ? (
              accountMenu
            ) : (
              <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to={GUEST_ACTIONS.performerArea.to}>{GUEST_ACTIONS.performerArea.label}</RouterLink>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={GUEST_ACTIONS.login.to}>{GUEST_ACTIONS.login.label}</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to={GUEST_ACTIONS.register.to}>{GUEST_ACTIONS.register.label}</RouterLink>
                </Button>
              </HStack>
            )}
            <IconButton
              ref={toggleRef}
              variant="ghost"
              display={{ base: 'inline-flex', lg: 'none' }}
              aria-label={open ? 'Chiudi il menu' : 'Apri il menu'}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          </HStack>
        </Flex>
      </Container>

      <Box
        id={panelId}
        hidden={!open}
        display={{ lg: 'none' }}
        borderTopWidth="1px"
        borderColor="border"
        bg="bg.panel"
        maxH="calc(100dvh - var(--aura-header-height))"
        overflowY="auto"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py="4">
          <Box as="nav" aria-label="Navigazione mobile">
            <Stack as="ul" gap="1" listStyleType="none">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    asChild
                    display="block"
                    px="3"
                    py="3"
                    rounded="md"
                    fontWeight="medium"
                    textDecoration="none"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                  >
                    <RouterLink to={link.to} onClick={() => setOpen(false)}>
                      {link.label}
                    </RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          {signedIn ? null : (
            <Stack
              gap="2"
              mt="4"
              pt="4"
              borderTopWidth="1px"
              borderColor="border"
              display={{ base: 'flex', md: 'none' }}
            >
              <Button asChild colorPalette="brand">
                <RouterLink to={GUEST_ACTIONS.register.to} onClick={() => setOpen(false)}>
                  {GUEST_ACTIONS.register.label}
                </RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to={GUEST_ACTIONS.login.to} onClick={() => setOpen(false)}>
                  {GUEST_ACTIONS.login.label}
                </RouterLink>
              </Button>
              <Button asChild variant="ghost">
                <RouterLink to={GUEST_ACTIONS.performerArea.to} onClick={() => setOpen(false)}>
                  {GUEST_ACTIONS.performerArea.label}
                </RouterLink>
              </Button>
            </Stack>
          )}
        </Container>
      </Box>
    </Box>
  );
}
