import { defineConfig, type Project } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/find-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 5181);
// The whole suite also runs on the production server (`npm start` on the built app: minified,
// split bundle, strict CSP, the same proxy), where bugs show that the dev server hides.
const PRODUCTION_PORT = PORT + 1000;
// Specs under e2e/deploy/ start their own servers (nginx recipes, sub-path builds, a second
// origin): they run once, in their own project, not on both servers.
const DEPLOY_SPECS = 'deploy/**/*.spec.ts';
// Specs about the browser itself, not the console: once, on the dev server's project.
const BROWSER_SPECS = 'chromium-flags.spec.ts';
// E2E_DEV_ONLY=1: the dev server alone (no production build), for a quick loop on one spec.
// The project's test command never sets it.
const DEV_ONLY = process.env.E2E_DEV_ONLY === '1';

// `unreachable` is a target nobody listens on, for the "service down" flow; `seed-stubs` has
// exactly 5 stubs that no spec writes to, for specs that count stubs or compare two reads while
// others register (two spec files may run at once on a server: see `workers`).
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
  // Two spec files at a time: a test spends much of its time waiting (page loads, the service),
  // so two keep two cores busy. Both may be on one server: a spec reads back only what it wrote
  // itself, or `seed-stubs`; History and settings live in each test's own browser context. A
  // file's tests run in order, in one worker. `--workers 1` rules concurrency out.
  fullyParallel: false,
  workers: 2,
  // A failed test runs once more, recording a trace (`use.trace`), so that a failure leaves
  // one to open with `npx playwright show-trace`. A test that passes only on that second run
  // still fails the run (`failOnFlakyTests`), reported as flaky: the retry tells a flake from
  // a steady failure, never hides one. Recording a trace costs a quarter to a third of the
  // suite's CPU (DOM snapshots at every step), so passing tests record none
  // (docs/performance.md).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Limits for a stuck test, not speed targets (those are benchmarks'): with two tests, two
  // browsers and two servers sharing two cores, the longest flows (keyboard.spec.ts: about
  // 30 s alone) and an answer on the screen (Playwright's 5 s) can take twice as long with
  // nothing wrong.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    launchOptions: {
      // scripts/run-e2e.mjs sets CHROMIUM_PATH; without it Playwright uses its own browser.
      ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: DEPLOY_SPECS, use: { browserName: 'chromium' } },
    ...(DEV_ONLY ? [] : productionProjects()),
  ],
  webServer: [
    {
      command: `npx vite --config e2e/vite.e2e.config.ts --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: E2E_SERVER_ENV,
    },
    ...(DEV_ONLY ? [] : [productionServer()]),
  ],
});

function productionProjects(): Project[] {
  return [
    {
      name: 'production',
      testIgnore: [DEPLOY_SPECS, BROWSER_SPECS],
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${PRODUCTION_PORT}` },
    },
    {
      name: 'deploy',
      testMatch: DEPLOY_SPECS,
      // One file at a time: they share the sub-path build (servers.ts), which the first one
      // to need it makes, into one folder.
      workers: 1,
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${PRODUCTION_PORT}` },
    },
  ];
}

function productionServer() {
  return {
    // The production build and server exactly as `npm run build && npm start` make them
    // (into e2e-only folders), with the embedded emulator switched on for the flows.
    command: `npx vite build --outDir dist-e2e --emptyOutDir --logLevel warn && node scripts/build-server.mjs dist-e2e-server && node dist-e2e-server/start.js --dist dist-e2e --port ${PRODUCTION_PORT} --host 127.0.0.1`,
    url: `http://127.0.0.1:${PRODUCTION_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { ...E2E_SERVER_ENV, INODE_EMULATOR: 'on', INODE_ACCESS_LOG: 'off' },
  };
}
