import {
  type TCountPlanRequest,
  ZCountPlan,
  ZCountPlansResponse,
  ZDevicesResponse,
  ZPlanPeopleResponse,
  ZRoomsCountingResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const plansKey = ['count-plans'] as const;

/** GET /api/count-plans (operators and admins). */
export const useCountPlans = (isEnabled: boolean) =>
  useQuery({
    queryKey: plansKey,
    queryFn: () => api('/api/count-plans', { schema: ZCountPlansResponse }),
    enabled: isEnabled,
  });

/** GET /api/count-plans/people: whom a plan may be for (the company's active members). */
export const usePlanPeople = (isEnabled: boolean) =>
  useQuery({
    queryKey: [...plansKey, 'people'],
    queryFn: () => api('/api/count-plans/people', { schema: ZPlanPeopleResponse }),
    enabled: isEnabled,
  });

/** GET /api/count-plans/rooms: a Dutchie store's planned rooms with their last count and next due day. */
export const useRoomsCounting = (isEnabled: boolean) =>
  useQuery({
    queryKey: [...plansKey, 'rooms'],
    queryFn: () => api('/api/count-plans/rooms', { schema: ZRoomsCountingResponse }),
    enabled: isEnabled,
  });

/** GET /api/devices, the fixed readers only: a plan's reader counts by itself. */
export const useFixedReaders = (isEnabled: boolean) =>
  useQuery({
    queryKey: queryKeys.devices,
    queryFn: () => api('/api/devices', { schema: ZDevicesResponse }),
    select: (devices) => devices.filter((d) => d.kind === 'fixed'),
    enabled: isEnabled,
  });

/** POST /api/count-plans, or PUT /api/count-plans/{id} with an id; DELETE with `remove`. What is due moves too. */
export function useSaveCountPlan() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: plansKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.counts.due }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TCountPlanRequest }) =>
      id === null
        ? api('/api/count-plans', { method: 'POST', body, schema: ZCountPlan })
        : api(`/api/count-plans/${id}`, { method: 'PUT', body, schema: ZCountPlan }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`/api/count-plans/${id}`, { method: 'DELETE', schema: ZSuccessResponse }),
    onSuccess: refresh,
  });
  return { save, remove };
}
