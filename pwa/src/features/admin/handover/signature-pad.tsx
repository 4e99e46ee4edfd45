import { Button, Group, Input, Stack } from "@mantine/core";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import classes from "./handover.module.css";

type SignaturePadProps = {
  /** The drawn signature as a PNG, or null when the pad is empty. */
  onChange: (signature: Blob | null) => void;
  error?: string | null;
};

/** The customer's signature, drawn with a finger or pen on the screen (release 2 §C3). */
export function SignaturePad({ onChange, error }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * canvas.width) / box.width,
      y: ((event.clientY - box.top) * canvas.height) / box.height,
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.lineWidth = 3;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#111";
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setEmpty(false);
    event.currentTarget.toBlob((blob) => onChange(blob), "image/png");
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    setEmpty(true);
    onChange(null);
  };

  return (
    <Input.Wrapper label="Customer's signature" error={error} id="handover-signature">
      <Stack gap={6}>
        <canvas
          ref={canvasRef}
          width={600}
          height={200}
          className={classes.signature}
          role="img"
          aria-label="Signature pad: sign here"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
        <Group justify="flex-end">
          <Button variant="default" size="sm" onClick={clear} disabled={empty}>
            Clear signature
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
