// Exit 0 when a Chromium for the e2e tests can be found (no node_modules needed for the system one).
import { findChromium } from './find-chromium.mjs';

process.exit((await findChromium()) ? 0 : 1);
