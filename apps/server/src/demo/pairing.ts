/** A call of the portal's API as the demo makes them (seed.ts): method, URL, a bearer token or none, a JSON body. */
export type Call = <T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
) => Promise<T>;

/**
 * A reader paired as a person pairs one: the reader starts pairing, someone signed in confirms its code (Devices >
 * Register Device), the reader polls for its token; then it is given its name. Answers its id and device token.
 */
export async function pairReader(
  call: Call,
  confirmer: string,
  reader: { serial: string; model: string; name: string },
): Promise<{ deviceId: number; token: string }> {
  const start = await call<{ code: string; pairing_id: string; poll_secret: string }>(
    'POST',
    '/api/rfid/register/start',
    null,
    { serial_number: reader.serial, model: reader.model },
  );
  await call('POST', '/api/rfid/register/confirm', confirmer, { code: start.code });
  const poll = await call<{ device_id: number; device_token: string }>(
    'POST',
    '/api/rfid/register/poll',
    null,
    {
      pairing_id: start.pairing_id,
      poll_secret: start.poll_secret,
    },
  );
  await call('PUT', `/api/devices/${poll.device_id}`, confirmer, { name: reader.name });
  return { deviceId: poll.device_id, token: poll.device_token };
}
