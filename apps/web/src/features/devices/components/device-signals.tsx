import { batteryColor, SIGNAL_BARS, type TDevice, type TDeviceStatus } from '@quantics/contracts';
import { BatteryFull, BatteryLow, BatteryMedium, Plug } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime } from '@/lib/format';
import { FIXED_TEXTS } from '../fixed-reader-texts';

const STATUS: Record<TDeviceStatus, { label: string; tone: BadgeTone }> = {
  online: { label: 'Online', tone: 'green' },
  warning: { label: 'Warning', tone: 'amber' },
  offline: { label: 'Offline', tone: 'slate' },
};

export function DeviceStatusBadge({ status }: { status: TDeviceStatus }) {
  return (
    <Badge tone={STATUS[status].tone} hasDot>
      {STATUS[status].label}
    </Badge>
  );
}

const BATTERY_TEXT = {
  green: 'text-emerald-600 dark:text-emerald-400',
  yellow: 'text-amber-600 dark:text-amber-300',
  red: 'text-red-600 dark:text-red-400',
} as const;

/** Battery in percent, coloured green above 60, yellow above 20, else red; a dash when the reader is offline. */
export function Battery({ device }: { device: TDevice }) {
  // A fixed reader runs on mains or PoE: there is no battery to show.
  if (device.kind === 'fixed') {
    return (
      <span
        className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-300"
        data-testid="battery"
        title={FIXED_TEXTS.noBattery}
      >
        <Plug className="size-4" aria-hidden />
        <span className="text-xs">Mains</span>
        <span className="sr-only">{FIXED_TEXTS.noBattery}</span>
      </span>
    );
  }
  if (device.status === 'offline' || device.battery_level === null) {
    return (
      <span className="text-slate-400 dark:text-slate-500" data-testid="battery" title="Battery unknown">
        —<span className="sr-only">Battery unknown</span>
      </span>
    );
  }
  const color = batteryColor(device.battery_level);
  const Icon = color === 'green' ? BatteryFull : color === 'yellow' ? BatteryMedium : BatteryLow;
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 font-medium tabular-nums', BATTERY_TEXT[color])}
      data-testid="battery"
      data-color={color}
    >
      <Icon className="size-4" aria-hidden />
      {device.battery_level}%
    </span>
  );
}

/** Signal as 4 bars; an offline reader shows the bars crossed out. */
export function SignalBars({ device }: { device: TDevice }) {
  // A fixed reader is on the network by cable (or PoE): no radio bars, unless it is offline (crossed out below).
  if (device.kind === 'fixed' && device.status !== 'offline') {
    return (
      <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="signal">
        Wired
      </span>
    );
  }
  const isOffline = device.status === 'offline' || device.signal_strength === null;
  const strength = isOffline ? 0 : (device.signal_strength ?? 0);
  const label = isOffline ? 'No signal (offline)' : `Signal ${strength} of ${SIGNAL_BARS} bars`;
  return (
    <span
      className="relative inline-flex h-4 items-end gap-0.5"
      role="img"
      aria-label={label}
      title={label}
      data-testid={isOffline ? 'signal-offline' : 'signal'}
      data-bars={strength}
    >
      {Array.from({ length: SIGNAL_BARS }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, not items
          key={i}
          className={cn(
            'w-1 rounded-sm',
            i < strength
              ? strength <= 1
                ? 'bg-amber-500'
                : 'bg-emerald-500 dark:bg-emerald-400'
              : 'bg-slate-200 dark:bg-slate-700',
          )}
          style={{ height: `${(i + 1) * 25}%` }}
        />
      ))}
      {isOffline && (
        <span
          className="absolute top-1/2 left-1/2 h-0.5 w-6 -translate-x-1/2 -translate-y-1/2 -rotate-45 rounded bg-red-500/80"
          aria-hidden
        />
      )}
    </span>
  );
}

/** 'just now', '5 min ago', '3 h ago', or the date; 'Never' before the first heartbeat. */
export function lastUsed(iso: string | null, now = Date.now()): string {
  if (!iso) return 'Never';
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${formatCount(minutes)} min ago`;
  if (minutes < 24 * 60) return `${formatCount(Math.floor(minutes / 60))} h ago`;
  return formatDateTime(iso);
}
