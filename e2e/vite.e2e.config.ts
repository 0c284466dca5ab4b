/**
 * The dev server for e2e runs: the project's vite.config.ts with file watching off, so edits
 * made in the work tree while a suite runs (several people share it) can never reload a page in
 * the middle of a test. HMR stays on: Vite needs it to reload a page after optimizing
 * dependencies on a cold start (which global-setup.ts triggers before the tests).
 */
import { mergeConfig } from 'vite';
import base from '../vite.config.ts';

export default mergeConfig(base, {
  server: { watch: null },
});
