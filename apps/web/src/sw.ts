// The service worker (vite-plugin-pwa builds it with Workbox, strategy injectManifest; docs/count-screen.md):
// keeps the built app shell so the app, and the Count screen in particular, opens with no network once it has been
// used online. It caches no API answer: what a count needs offline is kept by the page in IndexedDB, per person,
// and cleared at sign-out (lib/offline-kept.ts, features/count/lib/count-store.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

type PrecacheEntry = { url: string; revision: string | null };
/** The worker's global scope, as far as it is used here (the DOM's types and the worker's cannot mix in one app). */
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page of the app is the app shell (the client router decides); API calls and files are never answered here.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// 'prompt': a new version waits until the page asks for it (src/lib/pwa-update.ts: when no count is open).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
