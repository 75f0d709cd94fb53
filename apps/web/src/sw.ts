// The service worker (vite-plugin-pwa builds it with Workbox, strategy injectManifest; docs/count-screen.md):
// keeps the built app shell so the app, and the Count screen in particular, opens with no network once it has been
// used online. It caches no API answer: what a count needs offline is kept by the page in IndexedDB, per person,
// and cleared at sign-out (lib/offline-kept.ts, features/count/lib/count-store.ts). With Background Sync (Chromium
// browsers), it sends what a count kept on the handheld once the connection is back, even with the page closed.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { COUNT_SYNC_TAG, sendAllKept } from './features/count/lib/count-sender';
import { configureZodWithoutEval } from './lib/zod-config';

type PrecacheEntry = { url: string; revision: string | null };
/** Background Sync's event: `waitUntil` a promise that rejects to be tried again later. */
type SyncEvent = { tag: string; lastChance: boolean; waitUntil(work: Promise<unknown>): void };
/** The worker's global scope, as far as it is used here (the DOM's types and the worker's cannot mix in one app). */
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
};

// The answers' contracts are checked without eval, as on the page (the same Content-Security-Policy).
configureZodWithoutEval();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page of the app is the app shell (the client router decides); API calls and files are never answered here.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// 'prompt': a new version waits until the page asks for it (src/lib/pwa-update.ts: when no count is open).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The Count screen asked for it when it could not send (features/count/lib/batch-outbox.ts): the connection is
// back. Every count kept is sent by the page's own sender (count-sender.ts), under the same locks; a failure makes
// the browser try again later.
self.addEventListener('sync', (event) => {
  if (event.tag === COUNT_SYNC_TAG) event.waitUntil(sendAllKept());
});
