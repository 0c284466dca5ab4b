import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/find-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 5181);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // One folder per port: runs on different ports (several engineers, CI) never delete each
  // other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // scripts/run-e2e.mjs sets CHROMIUM_PATH; without it Playwright uses its own browser.
      ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `npx vite --config e2e/vite.e2e.config.ts --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // `unreachable` is a target nobody listens on, for the "service down" flow.
    // `seed-stubs` has exactly 5 stubs that no spec writes to, for specs that count stubs while
    // other specs register indexes for the demo users.
    env: {
      INODE_EMULATOR_DB: ':memory:',
      INODE_TARGETS: 'unreachable=http://127.0.0.1:9',
      INODE_EMULATOR_SEED_STUBS: '5',
    },
  },
});
