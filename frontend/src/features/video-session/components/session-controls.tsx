import { IconButton, type IconButtonProps } from '@chakra-ui/react';

/** A round control of the session bar: its accessible name says what it does, aria-pressed whether it is on. */
export function ControlButton({
  label,
  pressed,
  children,
  ...props
}: { label: string; pressed?: boolean } & Omit<IconButtonProps, 'aria-label' | 'aria-pressed'>) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      rounded="full"
      size={{ base: 'md', md: 'lg' }}
      variant={pressed === false ? 'outline' : 'subtle'}
      colorPalette={pressed === false ? 'gray' : 'brand'}
      {...props}
    >
      {children}
    </IconButton>
  );
}

const Svg = ({ children }: { children: React.ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const MicIcon = ({ off }: { off?: boolean }) => (
  <Svg>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </Svg>
);

export const CameraIcon = ({ off }: { off?: boolean }) => (
  <Svg>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10l5-3v10l-5-3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </Svg>
);

export const FullscreenIcon = ({ exit }: { exit?: boolean }) => (
  <Svg>
    {exit ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
  </Svg>
);

export const HangUpIcon = () => (
  <Svg>
    <path d="M3 15c5-5 13-5 18 0l-2.5 2.5-3.5-1.5v-3a10 10 0 0 0-6 0v3L5.5 17.5z" />
  </Svg>
);

export const SoundIcon = () => (
  <Svg>
    <path d="M4 10v4h4l5 4V6L8 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12" />
  </Svg>
);

export const SettingsIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="3" />
    <circle cx="12" cy="12" r="7" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </Svg>
);
