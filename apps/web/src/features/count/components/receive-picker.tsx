import { zodResolver } from '@hookform/resolvers/zod';
import { identifyCode, type TShipmentSummary, ZScannedCode } from '@quantics/contracts';
import { Boxes, CalendarClock, LogIn, PackageOpen, ScanLine, Truck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { isNetworkFailure } from '@/lib/offline-kept';
import { COUNT_TEXTS } from '../count-texts';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  expected: { label: 'Expected', tone: 'slate' },
  in_transit: { label: 'In transit', tone: 'blue' },
  receiving: { label: 'Receiving', tone: 'brand' },
};

/** The carton form: what the scanner typed, checked by the contracts' rule for a scanned code, then as an SSCC. */
const ZCartonForm = z.object({
  code: ZScannedCode.refine((v) => identifyCode(v).kind === 'sscc', COUNT_TEXTS.cartonNotSscc),
});
type TCartonForm = z.input<typeof ZCartonForm>;

/**
 * The Count screen's Receive (issue 51): the shipments to receive (reference, supplier, destination, cartons and
 * units; one being received is joined), or a carton label scanned into the field to open its shipment.
 */
export function ReceivePicker({
  shipments,
  isLoading,
  isError,
  isOnline,
  isStarting,
  onReceive,
  onCarton,
}: {
  shipments: TShipmentSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isOnline: boolean;
  isStarting: boolean;
  onReceive: (s: TShipmentSummary) => void;
  /** The SSCC scanned: resolves to the shipment to open (throws what to say when there is none). */
  onCarton: (code: string) => Promise<void>;
}) {
  const form = useForm<TCartonForm>({ resolver: zodResolver(ZCartonForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onCarton(code.trim());
      form.reset();
    } catch (err) {
      form.setError('code', {
        message: isNetworkFailure(err)
          ? COUNT_TEXTS.cartonOffline
          : errorMessage(err, COUNT_TEXTS.receiveFailed),
      });
      form.setFocus('code');
    }
  });

  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-5">
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="flex items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
              <ScanLine className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
                {COUNT_TEXTS.receiveTitle}
              </h2>
              <p className="text-sm text-slate-500 dark:text-slate-400">{COUNT_TEXTS.receiveHint}</p>
            </div>
          </div>
          <TextField
            label={COUNT_TEXTS.cartonLabel}
            hint={COUNT_TEXTS.cartonHint}
            error={errors.code?.message}
            autoComplete="off"
            inputMode="numeric"
            placeholder="00106141412345678908"
            {...form.register('code')}
          />
          <Button type="submit" variant="secondary" className="w-full" isLoading={isSubmitting}>
            <PackageOpen className="size-4" aria-hidden />
            {COUNT_TEXTS.cartonOpen}
          </Button>
        </form>
      </Card>

      <Card className="overflow-hidden" data-testid="shipments-to-receive">
        <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <Truck className="size-4 text-brand-600 dark:text-brand-300" aria-hidden />
          <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {COUNT_TEXTS.shipmentsTitle}
          </h2>
          {shipments && shipments.length > 0 && (
            <span className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {formatCount(shipments.length)}
            </span>
          )}
        </div>
        {!isOnline && shipments && (
          <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-slate-800 dark:bg-amber-500/10 dark:text-amber-100">
            {COUNT_TEXTS.shipmentsOffline}
          </p>
        )}
        {isLoading ? (
          <div className="p-4">
            <Spinner label={COUNT_TEXTS.loadingShipments} />
          </div>
        ) : isError && !shipments ? (
          <p className="px-4 py-6 text-center text-sm text-red-700 dark:text-red-300" role="alert">
            {COUNT_TEXTS.shipmentsFailed}
          </p>
        ) : !shipments || shipments.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <Boxes className="mx-auto size-8 text-slate-300 dark:text-slate-600" aria-hidden />
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{COUNT_TEXTS.shipmentsEmpty}</p>
          </div>
        ) : (
          <ul
            aria-label={COUNT_TEXTS.shipmentsTitle}
            className="divide-y divide-slate-200 dark:divide-slate-800"
          >
            {shipments.map((s) => {
              const status = STATUS[s.status] ?? { label: s.status, tone: 'slate' as const };
              const isReceiving = s.status === 'receiving';
              return (
                <li key={s.id} className="flex items-center gap-3 px-4 py-3">
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900 dark:text-slate-100">
                        {s.reference}
                      </span>
                      <Badge tone={status.tone} hasDot>
                        {status.label}
                      </Badge>
                    </span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {[
                        s.supplier ?? s.source_location,
                        s.destination_location && `to ${s.destination_location}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                      <span>
                        {s.cartons_count === 0
                          ? COUNT_TEXTS.looseItems
                          : `${formatCount(s.cartons_count)} carton${s.cartons_count === 1 ? '' : 's'}`}
                      </span>
                      <span>
                        {formatCount(s.units_expected)} unit{s.units_expected === 1 ? '' : 's'}
                      </span>
                      {s.expected_at && (
                        <span className="inline-flex items-center gap-1">
                          <CalendarClock className="size-3.5" aria-hidden />
                          {formatDate(s.expected_at)}
                        </span>
                      )}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant={isReceiving ? 'secondary' : 'primary'}
                    disabled={isStarting || (isReceiving && !isOnline)}
                    onClick={() => onReceive(s)}
                    aria-label={`${isReceiving ? COUNT_TEXTS.joinReceipt : COUNT_TEXTS.receive} ${s.reference}`}
                  >
                    {isReceiving ? (
                      <LogIn className="size-4" aria-hidden />
                    ) : (
                      <PackageOpen className="size-4" aria-hidden />
                    )}
                    {isReceiving ? COUNT_TEXTS.joinReceipt : COUNT_TEXTS.receive}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
