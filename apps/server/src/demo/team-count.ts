import type { TOpenCountsResponse } from '@quantics/contracts';
import { type Call, sendTeamReads, startTeamCount, type TeamCount } from './showcase.ts';
import { portalClient } from './stand-ins.ts';

/**
 * `npm run demo`'s two team handhelds, still counting: a count whose readers send nothing for AUDIT_TIMEOUT_MINUTES
 * fails (modules/audits/audit-status.ts), as a real one would. So while the demo runs, each handheld reads a tag of its
 * part again every few minutes (a batch counted once: same EPC and TID) and sends its heartbeat; and when the demo was
 * stopped longer than the time-out, the count it had failed, so at the start they begin it again from their reads.
 * Through the reader protocol, as the handhelds would. Answers a stop function.
 */
export async function keepTeamCounting(o: {
  base: string;
  adminToken: string;
  team: TeamCount;
  /** The count as it is now (a new id after starting again), to keep for the next start. */
  save: (team: TeamCount) => void;
  log: (line: string) => void;
}): Promise<() => void> {
  const call: Call = (method, url, token, payload) => portalClient(o.base, token)(method, url, payload);
  const team = { ...o.team };
  const open = await call<TOpenCountsResponse>('GET', '/api/audits/open', o.adminToken);
  if (!open.data.some((c) => c.id === team.auditId)) {
    team.auditId = await startTeamCount(call, team);
    o.save(team);
  }
  const tick = async () => {
    for (const h of team.handhelds) {
      await call('POST', '/api/rfid/heartbeat', h.token, { battery_level: 91, signal_strength: 4 });
      await sendTeamReads(call, team.auditId, h.token, h.reads.slice(0, 1));
    }
  };
  await tick();
  const timer = setInterval(() => {
    tick().catch((e: unknown) =>
      o.log(`! the team count's handhelds: ${e instanceof Error ? e.message : e}`),
    );
  }, keepEveryMs(process.env.AUDIT_TIMEOUT_MINUTES));
  return () => clearInterval(timer);
}

/** Every 10 minutes, or a third of a shorter time-out, so no gap between batches comes near it. */
export function keepEveryMs(timeoutMinutes: string | undefined): number {
  const minutes = Number(timeoutMinutes) > 0 ? Number(timeoutMinutes) : 120;
  return Math.min(10, minutes / 3) * 60_000;
}
