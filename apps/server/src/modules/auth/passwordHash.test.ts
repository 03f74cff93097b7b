import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwordHash';

describe('password hashes', () => {
  it('makes new hashes at the platform cost and names it in the stored hash', async () => {
    const stored = await hashPassword('Secret_pass1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    expect(await verifyPassword('Secret_pass1', stored)).toBe(true);
    expect(await verifyPassword('secret_pass1', stored)).toBe(false);
  });

  it('verifies a hash at the cost it names, so hashes of another cost keep working', async () => {
    const cheap = await hashPassword('Secret_pass1', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Secret_pass1', cheap)).toBe(true);
    expect(await verifyPassword('Other_pass1', cheap)).toBe(false);
  });

  it('matches no password with the dummy hash, nor with a stored value of another scheme', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('Secret_pass1', 'bcrypt$whatever')).toBe(false);
  });
});
