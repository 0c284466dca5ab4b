import type { ConnectionOptions } from '../connection-options.ts';

/** `inode-console bulk`'s options as commander hands them over. */
export interface BulkOptions extends ConnectionOptions {
  concurrency: string;
  adaptive?: boolean;
  rate?: string;
  retries: string;
  shard?: string;
  shardCount?: string;
  results?: string;
  resultsJsonl?: string;
  resume?: string;
  sendRepeats?: boolean;
  maxFailures?: string;
  dryRun?: boolean;
  json?: boolean;
  output: 'human' | 'json';
}
