export * from './auth.ts';
export * from './common.ts';
export * from './menu.ts';
export * from './password-reset.ts';
export * from './settings.ts';
export * from './two-factor.ts';
export * from './waitlist.ts';
