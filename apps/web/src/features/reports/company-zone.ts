import { useAuth } from '@/app/auth-provider';

/** The signed-in company's time zone: its days are the reports' days and their defaults (UTC until it is known). */
export function useCompanyZone(): string {
  return useAuth().user?.time_zone ?? 'UTC';
}
