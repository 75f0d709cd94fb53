/** Every periodic task, by name: what each runs is in scheduler.ts (JobScheduler), how often in its WorkerOptions. */
export const TASKS = [
  'dispatch',
  'webhooks',
  'alert-mail',
  'account-mail',
  'sweeps',
  'due-counts',
  'digests',
  'reads',
  'dutchie',
  'retention',
] as const;
export type TaskName = (typeof TASKS)[number];
