/**
 * A real multipart/form-data body with one file, as a browser's FormData sends it: for calling the CSV import
 * through `app.inject` (the demo's seed and the tests).
 */
export function multipartBody(content: string | Buffer, filename = 'products.csv', field = 'file') {
  const boundary = '----quantics-form-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
