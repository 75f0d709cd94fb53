import { startSimProcess } from './sim-process.ts';

/** The simulator's fixed keys (apps/metrc-sim/src/state.ts): the integrator's vendor key, two stores' user keys. */
export const METRC_VENDOR_KEY = 'msim_vendor_quantics_7e21';
export const METRC_USER_KEY = 'msim_user_greenleaf_4b8c';
export const METRC_LICENSE = 'C10-0000001-LIC';
export const METRC_USER_KEY_OTHER = 'msim_user_northside_9d3a';
export const METRC_LICENSE_OTHER = 'C10-0000002-LIC';

export type MetrcTransferInput = {
  licenseNumber: string;
  manifestNumber?: string;
  shipperName?: string;
  estimatedArrival?: string;
  lastModified?: string;
  isVoided?: boolean;
  packages: { label: string; itemName?: string; category?: string; quantity: number; unit?: string }[];
};

export type MetrcSimProcess = {
  url: string;
  addTransfer: (t: MetrcTransferInput) => Promise<{ Id: number; ManifestNumber: string; DeliveryId: number }>;
  fault: (f: {
    mode: 'none' | 'refuse' | 'rate-limit' | 'error';
    times?: number;
    retryAfter?: number;
  }) => Promise<void>;
  reset: () => Promise<void>;
  /** Calls per path (ids as {id}) since the last reset. */
  calls: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
};

/** Starts apps/metrc-sim as its own process on a free port (real HTTP between the two). */
export async function startMetrcSim(): Promise<MetrcSimProcess> {
  const sim = await startSimProcess('metrc-sim');
  return {
    url: sim.url,
    addTransfer: async (t) =>
      (await sim.post('/__sim/transfers', t)) as { Id: number; ManifestNumber: string; DeliveryId: number },
    fault: async (f) => {
      await sim.post('/__sim/faults', f);
    },
    reset: async () => {
      await sim.post('/__sim/reset', {});
    },
    calls: async () => (await sim.state()).calls as Record<string, number>,
    stop: sim.stop,
  };
}
