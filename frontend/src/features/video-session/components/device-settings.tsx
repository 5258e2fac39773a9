import { useRef, useState, type RefObject } from 'react';
import { Button, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormField } from '../../../components/ui/form-field';
import type { MediaKind } from '../hooks/media-devices';
import type { LocalMedia } from '../hooks/use-local-media';
import { useMediaDevices, type MediaDeviceChoice } from '../hooks/use-media-devices';
import { ControlButton, SettingsIcon } from './session-controls';

export interface DeviceSettingsProps {
  media: LocalMedia;
  /** the running connection's senders, which get the new device's track */
  senders: () => RTCRtpSender[];
  /** a round control of the session bar (his page), or a button with its text (her panel) */
  variant: 'control' | 'button';
  /** where the dialog goes instead of the page's body (the stage, while it is full screen) */
  container?: RefObject<HTMLElement | null> | undefined;
}

/** 'Impostazioni': the button and its dialog choosing the camera and the microphone of a session. */
export function DeviceSettings({ media, senders, variant, container }: DeviceSettingsProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const devices = useMediaDevices(media, senders, open);
  const button = {
    ref: trigger,
    onClick: () => setOpen(true),
    'aria-haspopup': 'dialog' as const,
    'data-testid': 'open-device-settings',
  };
  return (
    <>
      {variant === 'control' ? (
        <ControlButton label="Impostazioni" {...button}>
          <SettingsIcon />
        </ControlButton>
      ) : (
        <Button variant="outline" {...button}>
          <SettingsIcon /> Impostazioni
        </Button>
      )}
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        title="Impostazioni audio e video"
        testId="device-settings"
        finalFocusEl={() => trigger.current}
        container={container}
      >
        <Stack gap="4">
          <DeviceSelect label="Fotocamera" kind="video" devices={devices} running={media.tracks.video !== null} />
          <DeviceSelect label="Microfono" kind="audio" devices={devices} running={media.tracks.audio !== null} />
          {devices.error ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {devices.error}
            </Text>
          ) : null}
        </Stack>
      </DialogFrame>
    </>
  );
}

const IDLE = { video: 'La userai quando attivi la fotocamera.', audio: 'Lo userai quando attivi il microfono.' };

function DeviceSelect({
  label,
  kind,
  devices,
  running,
}: {
  label: string;
  kind: MediaKind;
  devices: MediaDeviceChoice;
  running: boolean;
}) {
  const options = kind === 'video' ? devices.cameras : devices.microphones;
  const empty = devices.listed ? 'Nessun dispositivo trovato' : 'Ricerca dei dispositivi…';
  return (
    <FormField label={label} helperText={running ? undefined : IDLE[kind]}>
      <NativeSelect.Root disabled={options.length === 0}>
        <NativeSelect.Field
          value={devices.selected[kind]}
          onChange={(event) => void devices.choose(kind, event.currentTarget.value)}
          aria-busy={devices.switching === kind}
          data-testid={`device-select-${kind}`}
        >
          {options.length === 0 ? <option value="">{empty}</option> : null}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
