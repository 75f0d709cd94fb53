import { sleep } from './client.ts';
import type { FixedFormat } from './fixed-formats.ts';
import type { Tag } from './population.ts';

/**
 * A fixed reader posting to its webhook, as the readers behave (an R700's IoT device interface, a Zebra's IoT
 * Connector, Speedway Connect; their bodies in fixed-formats.ts): it reads the tags in its field over and over and
 * posts them in batches to one URL with HTTP Basic, sends its keep-alive or heartbeat when it has nothing to say,
 * and retries a post that failed (5xx or no answer) with backoff, the same bytes again. With --resend-rate it also
 * resends a post whose answer "was lost", to show the portal stores it once.
 */
export type FixedReaderOptions = {
  /** What the reader posts and where. */
  format: FixedFormat;
  server: string;
  serial: string;
  password: string;
  tags: Tag[];
  /** Tag events per second (0: as fast as the server answers). */
  rate: number;
  /** Events per post. */
  arraySize: number;
  /** Seconds to run (0: until every tag has been read --repeats times). */
  seconds: number;
  repeats: number;
  /** Send [] when nothing was posted for this long (seconds). */
  keepAliveSeconds: number;
  /** Share of posts that carry another event type (a status, GPI or heartbeat event) beside the tags. */
  otherEventRate: number;
  /** Share of posts sent a second time as if the answer had been lost. */
  resendRate: number;
  /** Posts in flight at once (a reader sends one at a time; more is for load). */
  concurrency: number;
  log: (line: string) => void;
};

export type FixedReaderSummary = {
  posts: number;
  events: number;
  tag_events: number;
  keep_alives: number;
  retries: number;
  resends: number;
  seconds: number;
};

export class FixedReaderRejected extends Error {}

/** Posts one body until it is answered (the readers retry 5xx and lost connections with backoff). */
async function postUntilAnswered(
  opts: FixedReaderOptions,
  body: string,
  counters: { retries: number },
): Promise<number> {
  const url = new URL(opts.format.path, opts.server);
  const auth = `Basic ${Buffer.from(`${opts.serial}:${opts.password}`).toString('base64')}`;
  let wait = 100;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body,
      });
      if (res.status < 500) {
        if (res.status >= 400) {
          throw new FixedReaderRejected(`the portal answered ${res.status}: ${await res.text()}`);
        }
        await res.arrayBuffer();
        return res.status;
      }
    } catch (err) {
      if (err instanceof FixedReaderRejected || !(err instanceof TypeError)) throw err;
    }
    if (attempt >= 30) throw new Error('gave up after 30 attempts');
    counters.retries++;
    await sleep(wait);
    wait = Math.min(wait * 2, 5000);
  }
}

export async function runFixedReader(opts: FixedReaderOptions): Promise<FixedReaderSummary> {
  const started = performance.now();
  const deadline = opts.seconds > 0 ? started + opts.seconds * 1000 : Number.POSITIVE_INFINITY;
  const summary: FixedReaderSummary = {
    posts: 0,
    events: 0,
    tag_events: 0,
    keep_alives: 0,
    retries: 0,
    resends: 0,
    seconds: 0,
  };
  // The tags in the field, read in rounds; with --seconds 0, --repeats rounds.
  const queue: Tag[] = [];
  let rounds = 0;
  const nextTags = (n: number): Tag[] => {
    while (queue.length < n && opts.tags.length > 0) {
      if (opts.seconds === 0 && rounds >= opts.repeats) break;
      queue.push(...opts.tags);
      rounds++;
    }
    return queue.splice(0, n);
  };
  let lastPost = performance.now();
  const worker = async () => {
    for (;;) {
      if (performance.now() >= deadline) return;
      const tags = nextTags(opts.arraySize);
      if (tags.length === 0) {
        if (opts.seconds === 0) return;
        // Nothing in the field: a keep-alive now and then.
        if (performance.now() - lastPost >= opts.keepAliveSeconds * 1000) {
          lastPost = performance.now();
          await postUntilAnswered(opts, opts.format.keepAlive(), summary);
          summary.keep_alives++;
          summary.posts++;
        }
        await sleep(200);
        continue;
      }
      const events: object[] = tags.map((tag) => opts.format.tagEvent(tag));
      if (Math.random() < opts.otherEventRate)
        events.splice(Math.floor(Math.random() * events.length), 0, opts.format.otherEvent());
      const body = JSON.stringify(opts.format.body(events));
      const sentAt = performance.now();
      await postUntilAnswered(opts, body, summary);
      if (Math.random() < opts.resendRate) {
        // The answer "was lost": the reader sends the same bytes again.
        await postUntilAnswered(opts, body, summary);
        summary.resends++;
        summary.posts++;
      }
      lastPost = performance.now();
      summary.posts++;
      summary.events += events.length;
      summary.tag_events += tags.length;
      if (opts.rate > 0) {
        const due = (tags.length / opts.rate) * 1000 * opts.concurrency;
        const spent = performance.now() - sentAt;
        if (spent < due) await sleep(due - spent);
      }
    }
  };
  // A keep-alive first, as the reader does when its webhook is switched on.
  await postUntilAnswered(opts, opts.format.keepAlive(), summary);
  summary.keep_alives++;
  summary.posts++;
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  opts.log(
    `${opts.serial}: ${summary.tag_events} tag events in ${summary.posts} posts (${summary.keep_alives} keep-alives, ${summary.resends} resent as if the answer was lost, ${summary.retries} retries) in ${summary.seconds} s`,
  );
  return summary;
}
