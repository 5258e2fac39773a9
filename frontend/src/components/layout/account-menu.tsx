import type { ReactNode } from 'react';
import { Avatar, Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { initialsOf } from '../../lib/format';

export interface AccountMenuProps {
  /** the name the avatar's initials come from, shown first in the menu */
  name: string;
  email: string;
  /** the trigger's accessible name */
  label: string;
  testId: string;
  palette: string;
  /** beside the name (e.g. the performer's Online badge) */
  badge?: ReactNode;
  onSelect: (value: string) => void;
  /** the menu items, after the name and email */
  children: ReactNode;
}

/** The avatar menu of a signed-in account (docs/product.md#frame): initials, then name, email and the items. */
export function AccountMenu({ name, email, label, testId, palette, badge, onSelect, children }: AccountMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 8 }} onSelect={({ value }) => onSelect(value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" rounded="full" px="1" height="auto" minW="auto" data-testid={testId}>
          {/* the initials are the account's picture, not a label: hidden from assistive technology,
              the trigger is named by the hidden text (a name, not an aria-label over other words) */}
          <Avatar.Root size="sm" colorPalette={palette} variant="solid" aria-hidden="true">
            <Avatar.Fallback>{initialsOf(name)}</Avatar.Fallback>
          </Avatar.Root>
          <VisuallyHidden>{label}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" maxW="calc(100vw - 24px)" py="2" bg="bg.panel" borderWidth="1px" borderColor="border">
            <Box px="3" py="2">
              <Box display="flex" justifyContent="space-between" alignItems="center" gap="2">
                <Text fontWeight="semibold" lineClamp={1}>
                  {name}
                </Text>
                {badge}
              </Box>
              <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                {email}
              </Text>
            </Box>
            <Menu.Separator />
            {children}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
