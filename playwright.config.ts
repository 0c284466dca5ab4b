import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/find-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 5181);
// The production build (minified, split) served by `vite preview`, for the flows whose wording
// depends on error class names and lazy chunks: bugs there do not show on the dev server.
const PREVIEW_PORT = PORT + 1000;
const PRODUCTION_SPECS = ['failures.spec.ts', 'register-and-read.spec.ts'];

// `unreachable` is a target nobody listens on, for the "service down" flow; `seed-stubs` has
// exactly 5 stubs that no spec writes to, for specs that count stubs while others register.
const E2E_SERVER_ENV = {
  INODE_EMULATOR_DB: ':memory:',
  INODE_TARGETS: 'unreachable=http://127.0.0.1:9',
  INODE_EMULATOR_SEED_STUBS: '5',
};

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
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    {
      name: 'production-build',
      testMatch: PRODUCTION_SPECS,
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${PREVIEW_PORT}` },
    },
  ],
  webServer: [
    {
      command: `npx vite --config e2e/vite.e2e.config.ts --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: E2E_SERVER_ENV,
    },
    {
      command: `npx vite build --outDir dist-e2e --emptyOutDir --logLevel warn && npx vite preview --outDir dist-e2e --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PREVIEW_PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: E2E_SERVER_ENV,
    },
  ],
});
