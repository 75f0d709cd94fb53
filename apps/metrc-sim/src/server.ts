import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SIM_USER_KEYS, SIM_VENDOR_KEY, SimState, type SimTransfer } from './state.ts';

/**
 * Metrc's transfer reads as its published API answers them: HTTP Basic (vendor key as user name, user key as
 * password), a licenseNumber the user key must hold, lastModifiedStart/End (both or neither, at most 24 hours
 * apart), and v2's page envelope { Data, Total, TotalRecords, PageSize, RecordsOnPage, Page, CurrentPage, TotalPages }.
 * /__sim/* is the simulator's own control (tests and demos), never Metrc's.
 */

const DAY_MS = 86_400_000;
const MAX_PAGE_SIZE = 20;

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : {};
};

/** The user key of a request whose vendor key is ours, or null (401). */
function userKeyOf(req: IncomingMessage, state: SimState): string | null {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Basic ')) return null;
  const [vendor, ...rest] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
  const user = rest.join(':');
  if (vendor !== SIM_VENDOR_KEY || !SIM_USER_KEYS[user] || state.revoked.has(user)) return null;
  return user;
}

/** v2's page envelope: every row when no pageSize is given (pagination is off by default), else that page. */
function page<T>(rows: T[], q: URLSearchParams): { status: number; body: unknown } {
  const sizeRaw = q.get('pageSize');
  if (sizeRaw === null) {
    const n = rows.length;
    return {
      status: 200,
      body: {
        Data: rows,
        Total: n,
        TotalRecords: n,
        PageSize: n,
        RecordsOnPage: n,
        Page: 1,
        CurrentPage: 1,
        TotalPages: 1,
      },
    };
  }
  const size = Number(sizeRaw);
  const number = Number(q.get('pageNumber') ?? '1');
  if (
    !Number.isInteger(size) ||
    size < 1 ||
    size > MAX_PAGE_SIZE ||
    !Number.isInteger(number) ||
    number < 1
  ) {
    return { status: 400, body: { Message: `pageSize must be from 1 to ${MAX_PAGE_SIZE}` } };
  }
  const data = rows.slice((number - 1) * size, number * size);
  return {
    status: 200,
    body: {
      Data: data,
      Total: rows.length,
      TotalRecords: rows.length,
      PageSize: size,
      RecordsOnPage: data.length,
      Page: number,
      CurrentPage: number,
      TotalPages: Math.max(1, Math.ceil(rows.length / size)),
    },
  };
}

/** An incoming list row: the transfer's fields with its delivery to this license's. */
function incomingRow(t: SimTransfer, license: string) {
  const { deliveries, ...transfer } = t;
  const d = deliveries.find((x) => x.RecipientFacilityLicenseNumber === license);
  if (!d) return null;
  return {
    ...transfer,
    DeliveryId: d.Id,
    RecipientFacilityLicenseNumber: d.RecipientFacilityLicenseNumber,
    RecipientFacilityName: d.RecipientFacilityName,
    EstimatedDepartureDateTime: d.EstimatedDepartureDateTime,
    ActualDepartureDateTime: d.ActualDepartureDateTime,
    EstimatedArrivalDateTime: d.EstimatedArrivalDateTime,
    ActualArrivalDateTime: d.ActualArrivalDateTime,
    DeliveryPackageCount: d.DeliveryPackageCount,
    DeliveryReceivedPackageCount: d.DeliveryReceivedPackageCount,
    ReceivedDateTime: d.ReceivedDateTime,
  };
}

function metrcApi(
  req: IncomingMessage,
  url: URL,
  state: SimState,
): { status: number; body: unknown; headers?: Record<string, string> } {
  const path = url.pathname;
  state.calls[path.replace(/\/\d+\//, '/{id}/')] = (state.calls[path.replace(/\/\d+\//, '/{id}/')] ?? 0) + 1;
  const f = state.fault;
  if (f.mode !== 'none') {
    if (f.times !== undefined) {
      f.times -= 1;
      if (f.times <= 0) state.fault = { mode: 'none' };
    }
    if (f.mode === 'refuse')
      return { status: 401, body: { Message: 'Authorization has been denied for this request.' } };
    if (f.mode === 'rate-limit') {
      return {
        status: 429,
        body: { Message: 'Too many requests. Please try again later.' },
        headers: { 'retry-after': String(f.retryAfter ?? 30) },
      };
    }
    return { status: 500, body: { Message: 'An error has occurred.' } };
  }
  const user = userKeyOf(req, state);
  if (!user) return { status: 401, body: { Message: 'Authorization has been denied for this request.' } };
  const licenses = SIM_USER_KEYS[user] ?? [];
  const q = url.searchParams;

  if (path === '/transfers/v2/incoming') {
    const license = q.get('licenseNumber') ?? '';
    if (!license) return { status: 400, body: { Message: 'licenseNumber is required' } };
    if (!licenses.includes(license)) {
      return { status: 403, body: { Message: 'No valid license was found for this user key.' } };
    }
    const startRaw = q.get('lastModifiedStart');
    const endRaw = q.get('lastModifiedEnd');
    if ((startRaw === null) !== (endRaw === null)) {
      return { status: 400, body: { Message: 'lastModifiedStart and lastModifiedEnd go together' } };
    }
    let rows = state.transfers.map((t) => incomingRow(t, license)).filter((r) => r !== null);
    if (startRaw !== null && endRaw !== null) {
      const start = Date.parse(startRaw);
      const end = Date.parse(endRaw);
      if (Number.isNaN(start) || Number.isNaN(end) || end < start || end - start > DAY_MS) {
        return { status: 400, body: { Message: 'The date range may not exceed 24 hours' } };
      }
      rows = rows.filter((r) => {
        const at = Date.parse(r.LastModified);
        return at >= start && at <= end;
      });
    }
    return page(rows, q);
  }
  let m = /^\/transfers\/v2\/(\d+)\/deliveries$/.exec(path);
  if (m) {
    const t = state.transfers.find((x) => x.Id === Number(m?.[1]));
    const mine = t?.deliveries.filter((d) => licenses.includes(d.RecipientFacilityLicenseNumber)) ?? [];
    if (!t || mine.length === 0) return { status: 404, body: { Message: 'Transfer not found' } };
    return page(
      mine.map(({ packages: _p, ...d }) => d),
      q,
    );
  }
  m = /^\/transfers\/v2\/deliveries\/(\d+)\/packages$/.exec(path);
  if (m) {
    const d = state.transfers
      .flatMap((t) => t.deliveries)
      .find((x) => x.Id === Number(m?.[1]) && licenses.includes(x.RecipientFacilityLicenseNumber));
    if (!d) return { status: 404, body: { Message: 'Delivery not found' } };
    return page(d.packages, q);
  }
  return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
}

async function control(req: IncomingMessage, url: URL, state: SimState) {
  const path = url.pathname;
  if (req.method === 'GET' && path === '/__sim/state') {
    return {
      status: 200,
      body: { calls: state.calls, transfers: state.transfers.length, fault: state.fault },
    };
  }
  if (req.method !== 'POST') return { status: 405, body: { Message: 'POST' } };
  const body = (await readBody(req)) as Record<string, unknown>;
  if (path === '/__sim/reset') {
    state.reset();
    return { status: 200, body: {} };
  }
  if (path === '/__sim/faults') {
    state.fault = body as never;
    return { status: 200, body: state.fault };
  }
  if (path === '/__sim/transfers') {
    const t = state.addTransfer(body as never, new Date());
    return {
      status: 200,
      body: { Id: t.Id, ManifestNumber: t.ManifestNumber, DeliveryId: t.deliveries[0]?.Id },
    };
  }
  if (path === '/__sim/keys') {
    if (body.revoke) state.revoked.add(String(body.key));
    else state.revoked.delete(String(body.key));
    return { status: 200, body: {} };
  }
  return { status: 404, body: { Message: 'unknown control path' } };
}

export function startMetrcSim(opts: {
  port: number;
  host: string;
}): Promise<{ server: Server; url: string }> {
  const state = new SimState();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const handle = url.pathname.startsWith('/__sim/')
      ? control(req, url, state)
      : Promise.resolve(
          req.method === 'GET'
            ? metrcApi(req, url, state)
            : { status: 405, body: { Message: 'read-only stand-in' } },
        );
    handle
      .then((r) => send(res, r.status, r.body, 'headers' in r ? r.headers : {}))
      .catch((e: unknown) => send(res, 400, { Message: String(e) }));
  });
  return new Promise((resolve) => {
    server.listen(opts.port, opts.host, () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : opts.port;
      resolve({ server, url: `http://${opts.host}:${port}` });
    });
  });
}
