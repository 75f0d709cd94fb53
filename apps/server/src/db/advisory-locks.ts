/**
 * Every advisory-lock key the server takes, in one place so no two kinds of work share one by accident. A key is
 * either one int (the single-key form) or the first int of the two-int form, whose second names the subject (a
 * company, a device, a step). The values are fixed for good: instances of two versions running side by side during
 * a rolling upgrade must take the same keys. Mnemonic four-letter values where there is one.
 *
 * A sweep (jobs/sweeps.ts) holds its key for its whole run, as a session lock in the form the build before took it
 * as a transaction lock, so an instance of either build running the same sweep waits its turn.
 */
export const ADVISORY_LOCKS = {
  /** Migrations at start-up (session lock; db/client.ts). */
  migrations: 7_240_113,
  /** Finishing due timed counts, second int the company (0: the sweep over every company). 'Quan'. */
  dueCounts: 0x51_75_61_6e,
  /** Marking timed-out audits failed. 'QAFL'. */
  timedOutAudits: 0x51_41_46_4c,
  /** Recording readers gone quiet. 'QDOF'. */
  offlineReaders: 0x51_44_4f_46,
  /** Starting a count on one fixed reader, second int the device. 'Fixd'. */
  fixedReaderCounts: 0x46_69_78_64,
  /**
   * The reads storage job, second int the step (1 the sweep as a whole, 2 legacy move, 3 legacy table drop, 4
   * retention). 'QRDS'.
   */
  readsStorage: 0x51_52_44_53,
  /** The clean-up of delivered jobs, dispatched events and sent mail (jobs/retention). 'QRET'. */
  retention: 0x51_52_45_54,
  /** The tests' migrated template database on a PostgreSQL server (test/test-app.ts), taken in `postgres`. 'QTPL'. */
  testTemplate: 0x51_54_50_4c,
  /** Re-queueing records left without a pg-boss job (jobs/requeue.repo.ts). 'QRQU'. */
  requeue: 0x51_52_51_55,
  /** Storing each planned place's next due day (count-plans/plan-places). 'QPPL'. */
  planPlaces: 0x51_50_50_4c,
  /** Telling planned places overdue (count.overdue). 'QOVD'. */
  overdueCounts: 0x51_4f_56_44,
  /** Starting the fixed readers' planned counts that are due. 'QPRC'. */
  plannedReaderCounts: 0x51_50_52_43,
  /** Queueing the daily digests that are due. 'QDIG'. */
  digests: 0x51_44_49_47,
  /** Reading Dutchie stores nobody looks at again (their stock events). 'QDUT'. */
  dutchieRefresh: 0x51_44_55_54,
  /** Reading Dutchie companies' incoming Metrc manifests into expected shipments. 'QMTC'. */
  metrcSync: 0x51_4d_54_43,
} as const;

export type LockName = keyof typeof ADVISORY_LOCKS;
