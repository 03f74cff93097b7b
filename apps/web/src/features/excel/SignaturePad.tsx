import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, Space } from 'antd';
import { useT } from '../../app/useT';

/**
 * A signature drawn with a finger, pen or mouse, answered as a PNG data URL (the server checks
 * the bytes are PNG and at most 256 KB). A stored signature shows as its image until signed anew.
 */
export function SignaturePad({
  value,
  onChange,
  testId,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  testId?: string;
}) {
  const { t } = useT('smartReports');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // the signature this pad drew last; any other value is a stored one, shown as its image
  const [drawn, setDrawn] = useState<string | null>(null);
  const [redraw, setRedraw] = useState(false);
  const showStored = !!value && value !== drawn && !redraw;

  useEffect(() => {
    const c = canvas.current;
    if (!c || showStored) return;
    // drawn at the screen's pixel density, kept small: a signature needs no more
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext('2d')!;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, [showStored]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const ctx = e.currentTarget.getContext('2d')!;
    const [x, y] = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d')!;
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    const url = e.currentTarget.toDataURL('image/png');
    setDrawn(url);
    onChange?.(url);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    onChange?.(null);
  };

  if (showStored)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <img src={value} alt={t('fill.signature')} style={{ maxHeight: 120, maxWidth: '100%' }} />
        <Button size="small" onClick={() => setRedraw(true)}>
          {t('fill.sign-again')}
        </Button>
      </Space>
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        className="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        aria-label={t('fill.sign-here')}
        data-testid={testId}
      />
      <Button size="small" onClick={clear}>
        {t('fill.clear-signature')}
      </Button>
    </Space>
  );
}
