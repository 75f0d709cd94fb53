import { randomInt } from 'node:crypto';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH } from '@quantics/contracts';

/** Ten fresh codes of eight characters (about 39 bits each), shown once and stored only as keyed hashes. */
export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) {
    let code = '';
    for (let i = 0; i < BACKUP_CODE_LENGTH; i++)
      code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}
