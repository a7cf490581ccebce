import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../ui/index.ts';

/** The page address as a QR code (SVG drawn here, no outside service), with a link to download it. */
export function PageQr({ url, name }: { url: string; name: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'Q' }).then(
      (s) => live && setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}`),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return <Skeleton className="size-48 rounded-lg" />;
  return (
    <div className="flex flex-col items-center gap-2">
      <img src={svg} alt={`QR code for ${url}`} width={192} height={192} className="rounded-lg ring-1 ring-slate-200" data-qr={url} />
      <a href={svg} download={`${name}-qr.svg`} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        Download QR code
      </a>
    </div>
  );
}
