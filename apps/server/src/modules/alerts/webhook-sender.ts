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
 * read and dropped, and the whole attempt gives up after `timeoutMs`.
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
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', (err) => resolve(done(res.statusCode ?? null, err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err) => resolve(done(null, err.message)));
    req.end(body);
  });
}
