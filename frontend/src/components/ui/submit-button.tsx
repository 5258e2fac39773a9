import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * A validated form's submit button. A plain button takes the focus on press: the field being
 * filled blurs, shows its message, the message pushes the button down from under the pointer, the
 * press and the release land on different places and the click never happens (the first submit
 * lost, the other fields' messages only on a second one). This one takes the focus on the click
 * instead: the click has landed, the form submits, every field is marked touched and every
 * message shows at once; the focus ends on the button as with any button, so no field is left to
 * blur later under another button. (Keyboards submit with Enter, or Space on the button, as before.)
 */
export function SubmitButton({ onMouseDown, onClick, ...props }: Omit<ButtonProps, 'type'>) {
  return (
    <Button
      {...props}
      type="submit"
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        onMouseDown?.(event);
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        event.currentTarget.focus();
        onClick?.(event);
      }}
    />
  );
}
