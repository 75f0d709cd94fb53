import { createContext, useContext, useSyncExternalStore } from 'react';
import { notify } from './toast';

/**
 * The installed app's updates (registerType 'prompt', src/sw.ts): a new version is taken (the page reloads on it)
 * only when no count is open on the Count screen, never in the middle of one; the person is told either way.
 * Loaded after the first render (main.tsx), so the first page does not wait for it.
 */
export const PWA_TEXTS = {
  updated: 'Quantics was updated to its latest version',
  waitingForCount: 'A new version of Quantics is ready: it is installed when this count is finished.',
} as const;

const UPDATED_FLAG = 'quantics.pwa.updated';
/**
 * How long the new worker may take to take over once asked. Chromium sometimes keeps it waiting for good (seen under
 * Playwright on a loaded machine: its skipWaiting() did not settle in 90 s, while nothing of the old worker was
 * pending); the page then lets the old registration go and reloads, and the new version is registered afresh.
 */
const TAKE_OVER_MS = 8000;

type UpdateState = { isWaitingForCount: boolean };

/** One per page (main.tsx makes it): whether a count is open, and the update waiting for it to close. */
export class PwaUpdates {
  private isStarted = false;
  private isCountOpen = false;
  private apply: (() => Promise<void>) | null = null;
  private state: UpdateState = { isWaitingForCount: false };
  private readonly listeners = new Set<() => void>();

  /** Registers the service worker; says so after a reload that took a new version. */
  async start() {
    if (this.isStarted) return;
    this.isStarted = true;
    if (sessionStorage.getItem(UPDATED_FLAG)) {
      sessionStorage.removeItem(UPDATED_FLAG);
      notify.success(PWA_TEXTS.updated);
    }
    if (!('serviceWorker' in navigator)) return;
    const { registerSW } = await import('virtual:pwa-register');
    const updateSW = registerSW({
      onNeedRefresh: () => {
        this.apply = async () => {
          sessionStorage.setItem(UPDATED_FLAG, '1');
          const tookOver = this.tookOver();
          await updateSW(true);
          if (!(await tookOver)) {
            this.apply = () => this.reinstall();
            this.tryApply();
          }
        };
        this.tryApply();
      },
    });
  }

  /** The Count screen says whether a count is open on it; an update waiting for it is taken when it closes. */
  setCountOpen = (isOpen: boolean) => {
    this.isCountOpen = isOpen;
    this.tryApply();
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  private tryApply() {
    if (!this.apply) return;
    if (this.isCountOpen) return this.setState({ isWaitingForCount: true });
    const apply = this.apply;
    this.apply = null;
    this.setState({ isWaitingForCount: false });
    void apply();
  }

  /** Whether the new worker takes control of this page in time (workbox-window then reloads it). */
  private tookOver() {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), TAKE_OVER_MS);
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        { once: true },
      );
    });
  }

  /** The new worker was never let in: the old registration goes, and the reload registers the new version. */
  private async reinstall() {
    // Offline, the reload would find nothing to load: the next check, online, tries again.
    if (!navigator.onLine) return;
    sessionStorage.setItem(UPDATED_FLAG, '1');
    await (await navigator.serviceWorker.getRegistration())?.unregister();
    window.location.reload();
  }

  private setState(state: UpdateState) {
    if (state.isWaitingForCount === this.state.isWaitingForCount) return;
    this.state = state;
    for (const l of [...this.listeners]) l();
  }
}

export const PwaUpdatesContext = createContext<PwaUpdates | null>(null);

/** The page's updates; null where none were provided (a component test). */
export const usePwaUpdates = () => useContext(PwaUpdatesContext);

const NOT_WAITING: UpdateState = { isWaitingForCount: false };
const NO_SUBSCRIBE = () => () => {};

/** Whether a new version waits for the open count to finish. */
export function useUpdateWaiting(): boolean {
  const pwa = usePwaUpdates();
  return useSyncExternalStore(pwa?.subscribe ?? NO_SUBSCRIBE, pwa?.getState ?? (() => NOT_WAITING))
    .isWaitingForCount;
}
