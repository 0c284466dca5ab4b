/**
 * The XPath worker: serves `createXPathWorkerApi()` (xpath-worker-api.ts). A worker of its own,
 * because the page cancels a query by terminating it, and the viewer's worker holds the search
 * and table state that terminating would throw away.
 */
import { serveCalls } from '../worker-call.ts';
import { createXPathWorkerApi } from './xpath-worker-api.ts';

serveCalls(createXPathWorkerApi());
