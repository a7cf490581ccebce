import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../ui/index.ts';

/** A QR code of `text`, drawn in the browser as SVG (no outside service). */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <Skeleton className="size-44 rounded-lg" />;
  return <img src={src} alt={label} width={size} height={size} className="rounded-lg ring-1 ring-slate-200" data-qr={text} />;
}
