export * from './accounts.ts';
export * from './waitlist.ts';
