/**
 * A real multipart/form-data body with one file and any text fields, as a browser's FormData sends it: for calling
 * the CSV imports through `app.inject` (the demo's seed and the tests).
 */
export function multipartBody(
  content: string | Buffer,
  filename = 'products.csv',
  fields: Record<string, string> = {},
  fileField = 'file',
) {
  const boundary = '----quantics-form-boundary';
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(texts.join('')),
    Buffer.from(head),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
