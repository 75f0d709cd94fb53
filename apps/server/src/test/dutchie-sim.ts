import { startSimProcess } from './sim-process.ts';

/** The simulator's fixed keys (apps/dutchie-sim/src/state.ts): two stores, and one key without reporting rights. */
export const SIM_KEY = 'dsim_greenleaf_5c1f7a9e2b';
export const SIM_KEY_OTHER_STORE = 'dsim_northside_8d2e4b6a1c';
export const SIM_KEY_NO_REPORTS = 'dsim_noreports_3f9a0c7e5d';

export type SimFault = {
  mode: 'none' | 'rate-limit' | 'error' | 'slow' | 'refuse';
  status?: number;
  delayMs?: number;
  times?: number;
  path?: string;
};

export type SimSale = { at?: Date; isReturn?: boolean; isVoid?: boolean };

export type DutchieSimProcess = {
  url: string;
  /** Flip a fault on the running simulator. */
  fault: (f: SimFault) => Promise<void>;
  /** Clear faults, rate windows and request counts. */
  reset: () => Promise<void>;
  /** Calls that reached the simulator per path since the last reset. */
  requests: () => Promise<Record<string, number>>;
  setQuantity: (packageId: string, quantityAvailable: number) => Promise<void>;
  /** Rings up a sale of the package (its units leave the store, the Sales Floor first), at `at` or now. */
  sell: (packageId: string, quantity: number, opts?: SimSale) => Promise<void>;
  revokeKey: (key: string) => Promise<void>;
  addKey: (key: string, locationId?: number) => Promise<void>;
  /** Basic-auth GET straight at the simulator, as Dutchie's own clients call it. */
  get: (path: string, key?: string) => Promise<Response>;
  stop: () => Promise<void>;
};

/** Starts apps/dutchie-sim as its own process on a free port (real HTTP between the two). */
export async function startDutchieSim(args: string[] = []): Promise<DutchieSimProcess> {
  const sim = await startSimProcess('dutchie-sim', args);
  const { url } = sim;
  const post = async (path: string, body: unknown) => {
    await sim.post(path, body);
  };
  return {
    url,
    fault: (f) => post('/__sim/faults', f),
    reset: () => post('/__sim/reset', {}),
    requests: async () => (await sim.state()).requests as Record<string, number>,
    setQuantity: (packageId, quantityAvailable) =>
      post(`/__sim/packages/${packageId}`, { quantityAvailable }),
    sell: (packageId, quantity, opts = {}) =>
      post('/__sim/transactions', {
        packageId,
        quantity,
        ...(opts.at && { transactionDate: opts.at.toISOString() }),
        isReturn: opts.isReturn === true,
        isVoid: opts.isVoid === true,
      }),
    revokeKey: (key) => post('/__sim/keys', { key, revoke: true }),
    addKey: (key, locationId) => post('/__sim/keys', { key, locationId }),
    get: (path, key = SIM_KEY) =>
      fetch(url + path, { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` } }),
    stop: sim.stop,
  };
}
