// The embedded emulator's demo keys in the one line both start-ups print (`npm run dev` through
// the Vite plugin, `npm start` through start.ts), so a new operator has a key to try.
import type { EmulatorHandler } from '../emulator/handler.ts';

/**
 * Null when there is no emulator, or it runs in reference mode (no demo users).
 * @example console.error(await demoKeysLine(await stack.emulator)) // '  emulator demo keys: demo-alice-key, …'
 */
export async function demoKeysLine(handler: EmulatorHandler | null): Promise<string | null> {
  if (!handler || handler.options.referenceMode) return null;
  const { DEMO_USERS, SEED_STUBS_KEY } = await import('../emulator/demo-users.ts');
  const seeded = handler.options.seedStubs
    ? `, ${SEED_STUBS_KEY} (${handler.options.seedStubs} stubs)`
    : '';
  return `  emulator demo keys: ${DEMO_USERS.map((u) => u.openIdKey).join(', ')}${seeded}`;
}
