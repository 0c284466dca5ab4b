/**
 * Which shard this process runs: `--shard k/n`, or in a Kubernetes Indexed Job the pod's
 * JOB_COMPLETION_INDEX with the count from `--shard-count` or INODE_SHARD_COUNT.
 */
import { WHOLE_FILE, parseShard, shardOf, type Shard } from '../../src/bulk-job/shard.ts';
import { UsageError } from '../exit-codes.ts';

export function resolveShard(
  options: { shard?: string; shardCount?: string },
  env: NodeJS.ProcessEnv,
): Shard {
  if (options.shard !== undefined) {
    const parsed = parseShard(options.shard);
    if (!parsed.ok) throw new UsageError(`--shard: ${parsed.message}`);
    return parsed.shard;
  }
  const index = env.JOB_COMPLETION_INDEX;
  const countText = options.shardCount ?? env.INODE_SHARD_COUNT;
  if (index === undefined && countText === undefined) return WHOLE_FILE;
  if (index === undefined || countText === undefined) {
    throw new UsageError(
      index === undefined
        ? 'A shard count was given (--shard-count or INODE_SHARD_COUNT) but no JOB_COMPLETION_INDEX: give --shard k/n, or run in an Indexed Job.'
        : 'JOB_COMPLETION_INDEX is set but the shard count is not: give --shard-count N or INODE_SHARD_COUNT (the Job’s completions).',
    );
  }
  const parsed = shardOf(Number(index), Number(countText));
  if (!/^\d+$/.test(index.trim()) || !/^\d+$/.test(countText.trim()) || !parsed.ok) {
    throw new UsageError(
      `JOB_COMPLETION_INDEX=${index} with ${countText} shards is not a shard: ${parsed.ok ? 'give whole numbers.' : parsed.message}`,
    );
  }
  return parsed.shard;
}
