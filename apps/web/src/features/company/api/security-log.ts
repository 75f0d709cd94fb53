import { apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** Downloads the security log's CSV for the days from..to (both included). */
export async function downloadSecurityLog(from: string, to: string) {
  const query = new URLSearchParams({ from, to });
  const { blob, fileName } = await apiBlob(`/api/reports/security-log.csv?${query}`);
  saveBlob(blob, fileName ?? `quantics-security-log-${from}-to-${to}.csv`);
}
