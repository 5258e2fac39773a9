import type { ReactNode } from 'react';
import { Box, Card, Grid, Text, type CardRootProps } from '@chakra-ui/react';

export interface ChatLayoutProps {
  /** the conversation list */
  list: ReactNode;
  /** the open conversation's box, or null for the placeholder */
  box: ReactNode | null;
  placeholder: ReactNode;
  height: CardRootProps['height'];
  listWidth: string;
  testId?: string;
}

/**
 * The list beside the open conversation; on phones one column: the list, or the box (which has
 * its own back button) when a conversation is open.
 */
export function ChatLayout({ list, box, placeholder, height, listWidth, testId }: ChatLayoutProps) {
  const open = box !== null;
  return (
    <Card.Root
      bg="bg.panel"
      borderColor="border"
      rounded="2xl"
      overflow="hidden"
      height={height}
      minH="420px"
      data-testid={testId}
    >
      {/* minmax(0, 1fr): a column never grows past the card for a long word or a wide header (a phone's screen) */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: `${listWidth} minmax(0, 1fr)` }}
        height="100%"
        minH="0"
        minW="0"
      >
        <Box
          borderRightWidth={{ md: '1px' }}
          borderColor="border"
          overflowY="auto"
          minH="0"
          display={{ base: open ? 'none' : 'block', md: 'block' }}
        >
          <Text fontWeight="semibold" px="4" pt="4" pb="1">
            Conversazioni
          </Text>
          {list}
        </Box>
        <Box minH="0" minW="0" display={{ base: open ? 'block' : 'none', md: 'block' }}>
          {box ?? placeholder}
        </Box>
      </Grid>
    </Card.Root>
  );
}
