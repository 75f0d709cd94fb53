import { DoorOpen } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { LastCounted, NextDue } from '@/shared/locations/place-counting';
import { useRoomsCounting } from '../api/count-plans';

/**
 * A Dutchie store's rooms in its plans, each with its last count and when it is next due: what the Locations page
 * shows for a catalogue's locations (a Dutchie store has no Locations page; Quantics knows its rooms by its plans).
 */
export function RoomsCounting() {
  const rooms = useRoomsCounting(true);
  const rows = rooms.data?.data ?? [];
  if (rooms.isSuccess && rows.length === 0) return null;
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
        <DoorOpen className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Rooms</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">When each planned room was last counted.</p>
      </div>
      {rooms.isPending ? (
        <Spinner label="Loading rooms" />
      ) : rooms.isError ? (
        <LoadError title="Rooms could not be loaded" error={rooms.error} onRetry={() => rooms.refetch()} />
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Planned rooms">
          {rows.map((r) => (
            <li key={r.room} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-3 sm:items-center sm:gap-3">
              <span className="font-medium text-slate-900 dark:text-slate-100">{r.room}</span>
              <span className="text-slate-700 dark:text-slate-300">
                <span className="text-slate-500 sm:sr-only dark:text-slate-400">Last count: </span>
                <LastCounted counting={r} />
              </span>
              <span className="text-slate-700 dark:text-slate-300">
                <span className="text-slate-500 sm:sr-only dark:text-slate-400">Next count: </span>
                <NextDue counting={r} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
