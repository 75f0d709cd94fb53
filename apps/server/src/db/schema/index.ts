export * from './accounts.ts';
export * from './security.ts';
export * from './team.ts';
export * from './waitlist.ts';
