import { Box, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The "Aura" mark; a link home. */
export function BrandLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const mark = size === 'lg' ? '40px' : '32px';
  return (
    <HStack asChild gap="2.5" rounded="md" flexShrink={0}>
      <RouterLink to="/" aria-label="Aura, vai alla home">
        <Box
          aria-hidden="true"
          width={mark}
          height={mark}
          rounded="xl"
          bgImage="brand"
          display="grid"
          placeItems="center"
          boxShadow="0 0 24px rgba(255, 92, 147, 0.35)"
        >
          <svg
            viewBox="0 0 24 24"
            width="60%"
            height="60%"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 20 12 4l6 16M8.4 14h7.2" />
          </svg>
        </Box>
        <Text
          as="span"
          fontSize={size === 'lg' ? '2xl' : 'xl'}
          fontWeight="800"
          letterSpacing="-0.02em"
          color="brand.fg"
        >
          Aura
        </Text>
      </RouterLink>
    </HStack>
  );
}
