// Its own module so that session-api can load it (and zod with it) lazily.
export { ZUser } from '@quantics/contracts';
