import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

/** A public unicast address; private, loopback, link-local, multicast and the like are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

export type UrlCheck = 'ok' | 'private' | 'unresolvable';

/** Where a URL's host resolves, judged: every address must be public (unless private ones are allowed). */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<UrlCheck> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (err, found) => resolve(err ? null : found)),
  );
  if (!addresses || addresses.length === 0) return 'unresolvable';
  if (allowPrivate) return 'ok';
  return addresses.every((a) => isPublicAddress(a.address)) ? 'ok' : 'private';
}

/**
 * A DNS lookup for the connection itself that refuses non-public answers: the address checked is the address
 * connected to, so a host name that resolves differently at delivery time (DNS rebinding) cannot reach inside.
 */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, '', 0);
      const allowed = allowPrivate ? found : found.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) {
        const refused: NodeJS.ErrnoException = new Error('address is private, loopback or link-local');
        refused.code = 'EPRIVATE';
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return callback(null, allowed);
      const first = allowed[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export type PostResult = { responseCode: number | null; error: string | null; durationMs: number };

/**
 * POSTs one webhook body. Redirects are not followed (a 3xx counts as a failure, as the spec says), the answer is
 * read and dropped, and the whole attempt (not just an idle socket) gives up after `timeoutMs`.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  const started = performance.now();
  const target = new URL(url);
  const isLiteralIp = ipaddr.isValid(target.hostname.replace(/^\[|\]$/g, ''));
  const done = (responseCode: number | null, error: string | null): PostResult => ({
    responseCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  // A literal address skips DNS, so it is judged here.
  if (isLiteralIp && !opts.allowPrivate && !isPublicAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
    return Promise.resolve(done(null, 'address is private, loopback or link-local'));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (result: PostResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(whole);
      resolve(result);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Quantics-Webhooks/1.0',
          ...headers,
        },
        lookup: guardedLookup(opts.allowPrivate) as never,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => settle(done(res.statusCode ?? null, null)));
        res.on('error', (err) => settle(done(res.statusCode ?? null, err.message)));
      },
    );
    // The whole attempt (DNS, connect, sending, the answer to its last byte) has one time-out: an endpoint that drips
    // its answer a byte at a time is cut off all the same, and the attempt is recorded once, as timed out.
    const whole = setTimeout(() => {
      settle(done(null, `no complete answer within ${opts.timeoutMs} ms`));
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) => settle(done(null, err.message)));
    req.end(body);
  });
}
