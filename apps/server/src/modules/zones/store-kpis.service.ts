import {
  addDays,
  companyDay,
  STORE_KPI_DEFAULT_DAYS,
  type TStoreKpiDay,
  type TStoreKpiResponse,
  type ZStoreKpiQuery,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companyZone } from '../../db/company-day.ts';
import { osaDays, recordAccuracyDays } from './store-kpis.repo.ts';
import { storePlaces } from './zones.repo.ts';
import { storeOf } from './zones.service.ts';

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const share = (part: number, whole: number) => (whole === 0 ? null : oneDecimal((part * 100) / whole));

/**
 * GET /api/reports/store-kpis: a store's inventory record accuracy (its counts') and on-shelf availability, per
 * company day from `from` to `to` (default the last 30 days; a range past today stops at today).
 */
export async function storeKpis(
  db: Db,
  companyId: number,
  query: z.output<typeof ZStoreKpiQuery>,
): Promise<TStoreKpiResponse> {
  const store = await storeOf(db, companyId, query.location_id);
  const today = companyDay(await companyZone(db, companyId));
  const to = query.to === undefined || query.to > today ? today : query.to;
  const from = query.from ?? addDays(to, -(STORE_KPI_DEFAULT_DAYS - 1));
  const places = await storePlaces(db, companyId, query.location_id);
  const [osa, accuracy] =
    from > to
      ? [[], { days: [], latest: null }]
      : await Promise.all([
          osaDays(db, companyId, places, from, to),
          recordAccuracyDays(db, companyId, places.all, from, to),
        ]);
  const counted = new Map(accuracy.days.map((d) => [d.date, d]));
  const days: TStoreKpiDay[] = osa.map((d) => {
    const held = Number(d.held);
    const onFloor = Number(d.on_floor);
    const c = counted.get(d.date);
    return {
      date: d.date,
      counts: c ? Number(c.counts) : 0,
      record_accuracy: c ? Number(c.record_accuracy) : null,
      products_held: held,
      products_on_floor: onFloor,
      on_shelf_availability: share(onFloor, held),
    };
  });
  const counts = days.reduce((n, d) => n + d.counts, 0);
  const sum = days.reduce((n, d) => n + (d.record_accuracy ?? 0) * d.counts, 0);
  return {
    store: { id: query.location_id, name: store.name },
    from,
    to,
    counts,
    record_accuracy: counts === 0 ? null : oneDecimal(sum / counts),
    latest_record_accuracy: accuracy.latest === null ? null : Number(accuracy.latest),
    on_shelf_availability: days.at(-1)?.on_shelf_availability ?? null,
    days,
  };
}
