/** The file reader's worker: reads and checks a chosen file's rows off the page's thread. */
import { createRowChecker } from '../../../bulk-job/row-stream.ts';
import { serveCalls } from '../../../workers/worker-call.ts';
import { fileRowsApi } from './file-rows-api.ts';

serveCalls(fileRowsApi(() => createRowChecker()));
