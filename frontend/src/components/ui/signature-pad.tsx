import { useEffect, useRef, type PointerEvent } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';

export interface SignaturePadProps {
  /** the signature as a PNG data URL, or '' when empty */
  onChange: (dataUrl: string) => void;
  labelId: string;
}

/**
 * A canvas to sign on with a mouse, a pen or a finger (pointer events cover touch; touch-action
 * none keeps the page from scrolling while signing). 'Cancella firma' is an ordinary button.
 */
export function SignaturePad({ onChange, labelId }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = canvas.getBoundingClientRect();
      if (canvas.width === Math.round(width * ratio)) return;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.scale(ratio, ratio);
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1a1320';
      if (drawn.current) {
        drawn.current = false;
        onChange('');
      }
    };
    resize();
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [onChange]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = event.currentTarget.getContext('2d');
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = event.currentTarget.getContext('2d');
    if (!ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(event.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    drawn.current = false;
    onChange('');
  };

  return (
    <Box>
      <Box
        rounded="lg"
        overflow="hidden"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor="border.emphasized"
        bg="white"
      >
        <canvas
          ref={canvasRef}
          aria-labelledby={labelId}
          role="img"
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: '160px', touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onPointerLeave={end}
        />
      </Box>
      <HStack justify="space-between" mt="2">
        <Text fontSize="xs" color="fg.muted">
          Firma con il mouse o con il dito nel riquadro.
        </Text>
        <Button size="xs" variant="outline" onClick={clear}>
          Cancella firma
        </Button>
      </HStack>
    </Box>
  );
}
