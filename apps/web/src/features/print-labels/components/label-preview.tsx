import {
  buildLabel,
  type TGs1Label,
  type TLabelSerial,
  type TLabelSize,
  type TLabelText,
} from '@quantics/contracts';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { LabelSizeDialog } from './label-size-dialog';

type Props = {
  product: { name: string; sku: string; epc: string };
  /** A serialized GS1 label: its GTIN, the serial it would get now, and its prefix length. */
  serial?: TLabelSerial;
  size: TLabelSize;
  /** Admins may change the company's label size from here. */
  canEditSize?: boolean;
};

/** The QR code's dark modules as one SVG path, sized to the label model's QR box. */
function qrPath(data: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(data, { errorCorrectionLevel: 'Q' });
  const n = qr.modules.size;
  const cell = size / n;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) d += `M${x + col * cell},${y + row * cell}h${cell}v${cell}h-${cell}z`;
    }
  }
  return d;
}

/**
 * The GS1 DataMatrix, drawn by bwip-js (loaded only when a serialized label is shown) at the model's size: 18 x 18
 * modules, as the printer is told (^BX…,18,18).
 */
function Gs1Code({ label }: { label: TGs1Label }) {
  const { dataMatrix: m, gtin, serial } = label.gs1;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('bwip-js/browser').then(({ gs1datamatrix, drawingSVG }) => {
      const text = `(01)${gtin}(21)${serial}`;
      // BWIPP's datamatrix options (columns, rows) are not in bwip-js's types.
      const options = { bcid: 'gs1datamatrix', text, columns: m.modules, rows: m.modules };
      const drawn = gs1datamatrix(options, drawingSVG());
      if (isCurrent) setSvg(`data:image/svg+xml;utf8,${encodeURIComponent(drawn)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [gtin, serial, m.modules]);
  if (!svg) return <rect x={m.x} y={m.y} width={m.size} height={m.size} fill="#e2e8f0" />;
  return <image href={svg} x={m.x} y={m.y} width={m.size} height={m.size} data-testid="gs1-datamatrix" />;
}

function Line({ t }: { t: TLabelText }) {
  // Zebra's font 0 is a condensed sans; the model's x, y is the top-left corner of the text.
  return (
    <text
      x={t.x}
      y={t.y + t.height * 0.82}
      fontSize={t.height}
      fontFamily="'Arial Narrow', 'Roboto Condensed', 'Helvetica Neue', Arial, sans-serif"
      fontWeight={600}
      fill="#0f172a"
    >
      {t.text}
    </text>
  );
}

/**
 * The label as it will print: drawn from the same label model (packages/contracts/src/label.ts) the server turns
 * into ZPL, so name lines, QR code and SKU sit where the printer puts them. The EPC written to the tag is below.
 */
export function LabelPreview({ product, serial, size, canEditSize }: Props) {
  const [isSizeOpen, setIsSizeOpen] = useState(false);
  const label = useMemo(() => buildLabel({ ...product, serial }, 1, size), [product, serial, size]);
  const qr = label.qr;
  const path = useMemo(() => (qr ? qrPath(qr.data, qr.x, qr.y, qr.size) : ''), [qr]);
  return (
    <figure className="space-y-3" aria-label="Label preview">
      <div className="rounded-xl bg-slate-100 p-4 dark:bg-slate-800/60">
        <svg
          viewBox={`0 0 ${label.widthDots} ${label.heightDots}`}
          role="img"
          aria-label={`Label for ${product.name}: ${label.gs1 ? label.gs1.hri : label.skuLine.text}`}
          className="mx-auto w-full max-w-sm rounded-md bg-white shadow-md ring-1 ring-slate-300 dark:ring-slate-600"
          data-testid="label-preview"
        >
          <rect width={label.widthDots} height={label.heightDots} fill="#fff" />
          {label.nameLines.map((t) => (
            <Line key={t.y} t={t} />
          ))}
          {path && <path d={path} fill="#0f172a" />}
          {label.gs1 && <Gs1Code label={label} />}
          <Line t={label.skuLine} />
          {label.gs1?.hriLines.map((t) => (
            <Line key={t.y} t={t} />
          ))}
        </svg>
      </div>
      <figcaption className="space-y-1 text-xs text-slate-500 dark:text-slate-400">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          {canEditSize ? (
            <button
              type="button"
              onClick={() => setIsSizeOpen(true)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              aria-label="Change label size"
            >
              {size.widthInches} × {size.heightInches} in · {size.dpi} dpi
            </button>
          ) : (
            <span>
              {size.widthInches} × {size.heightInches} in · {size.dpi} dpi
            </span>
          )}
          <span>{label.gs1 ? `Serial ${label.gs1.serial} if printed now` : 'RFID tag written on print'}</span>
        </div>
        <div className="flex items-baseline justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
          <span className="font-medium text-slate-600 dark:text-slate-300">
            {label.gs1 ? 'SGTIN-96' : 'EPC'}
          </span>
          <code className="font-mono text-[11px] tracking-wider break-all text-slate-800 dark:text-slate-200">
            {label.epc}
          </code>
        </div>
      </figcaption>
      {canEditSize && isSizeOpen && <LabelSizeDialog size={size} isOpen onOpenChange={setIsSizeOpen} />}
    </figure>
  );
}
