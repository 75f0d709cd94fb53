import type { PasswordHashing } from '../lib/passwords.ts';

/**
 * The tests' argon2id cost: 4 MiB and two passes (about 10 ms of CPU) rather than production's 64 MiB and three
 * (about 270 ms). The suite hashes and checks hundreds of passwords, and what it checks is never the hash's strength:
 * passwords.test.ts checks the production cost itself. Test apps get it in their config (testConfig), server
 * processes as PASSWORD_HASH_* (startServerProcess), the browser tests' server likewise (e2e/start-server.mjs).
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryKiB: 4096, iterations: 2, parallelism: 1 };

/** The same as environment variables, for a server process. */
export const TEST_PASSWORD_HASHING_ENV = {
  PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryKiB),
  PASSWORD_HASH_ITERATIONS: String(TEST_PASSWORD_HASHING.iterations),
  PASSWORD_HASH_PARALLELISM: String(TEST_PASSWORD_HASHING.parallelism),
};
