/**
 * The viewer's Web Worker: serves `createViewerWorkerApi()` (viewer-worker-api.ts), which the
 * page's client (viewer-worker-client.ts) calls. The page terminates the worker to cancel.
 */
import { serveCalls } from '../worker-call.ts';
import { createViewerWorkerApi } from './viewer-worker-api.ts';

serveCalls(createViewerWorkerApi());
