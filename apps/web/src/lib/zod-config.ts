/**
 * Zod probes for `new Function` (its faster, compiled validators); the Content-Security-Policy forbids eval, so the
 * probe would only log a CSP violation. This says up front that it may not, without loading zod into the first page:
 * zod keeps its configuration in this global (what `z.config({ jitless: true })` sets), created if zod has not loaded
 * yet and read by zod when it does. zod-config.test.ts checks zod still reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function configureZodWithoutEval() {
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
}
