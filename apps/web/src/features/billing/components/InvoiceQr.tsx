import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../ui/index.ts';

/** The BOLT11 invoice as a QR code (upper case, the compact alphanumeric mode wallets scan), drawn locally. */
export function InvoiceQr({ invoice }: { invoice: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(`lightning:${invoice}`.toUpperCase(), { type: 'svg', margin: 2, errorCorrectionLevel: 'L' })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [invoice]);
  if (!svg) return <Skeleton className="size-56 rounded-lg" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code of the Lightning invoice"
      className="size-56 rounded-lg ring-1 ring-slate-200"
      data-invoice-qr={invoice}
    />
  );
}
