import { ApiError, getToken, handleUnauthorized } from './api-client';

export type UploadPhase = { phase: 'uploading'; percent: number } | { phase: 'processing' };

/**
 * POSTs a file as multipart (field `field`) with XMLHttpRequest, which, unlike fetch, reports upload progress:
 * `onProgress` gets the percent sent, then 'processing' once every byte is out and the server is working.
 * Resolves with the JSON answer; rejects with ApiError carrying the server's `message`.
 */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (p: UploadPhase) => void,
  field = 'file',
  /** Text fields sent before the file. */
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: 'uploading', percent: (e.loaded / e.total) * 100 });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () => reject(new ApiError(0, 'Network error', false));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled as an error without a server message below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      const message = (data as { message?: unknown } | null)?.message;
      const hasMessage = typeof message === 'string' && message.length > 0;
      reject(new ApiError(xhr.status, hasMessage ? message : 'An error occurred', hasMessage));
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(field, file);
    onProgress({ phase: 'uploading', percent: 0 });
    xhr.send(body);
  });
}
