import { reportFileName, type TReportType } from '@quantics/contracts';
import { ApiError, getToken, handleUnauthorized } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** A report, its dates, and the company's today (an undated report's file name). */
export type ReportRequest = { type: TReportType; start: string; end: string; today: string };

/**
 * GET /api/reports/{type}.csv with the bearer token. The server builds and streams the CSV; the browser reads it
 * chunk by chunk (reporting the bytes received, for the button's progress) and saves it under the server's name.
 */
export async function downloadReport(
  { type, start, end, today }: ReportRequest,
  onProgress: (bytes: number) => void,
): Promise<string> {
  const query =
    type === 'audits' || type === 'discrepancies' ? `?${new URLSearchParams({ start, end })}` : '';
  return downloadCsv(`/api/reports/${type}.csv${query}`, reportFileName(type, start, end, today), onProgress);
}

/** Any CSV the API answers (a report, the shrink report), saved under the server's name (else `fallbackName`). */
export async function downloadCsv(
  url: string,
  fallbackName: string,
  onProgress: (bytes: number) => void = () => {},
): Promise<string> {
  const token = getToken();
  const res = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    const data = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof data?.message === 'string' && data.message ? data.message : null;
    throw new ApiError(res.status, message ?? 'An error occurred', message !== null);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}
