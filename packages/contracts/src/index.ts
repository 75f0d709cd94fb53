export * from './auth.ts';
export * from './common.ts';
export * from './menu.ts';
export * from './waitlist.ts';
