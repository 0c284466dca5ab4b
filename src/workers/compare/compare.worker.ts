/** The compare worker: parses and diffs two payloads off the page's thread. */
import { serveCalls } from '../worker-call.ts';
import { compareApi } from './run-compare.ts';

serveCalls(compareApi);
