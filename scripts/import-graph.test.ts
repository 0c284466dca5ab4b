// The import-graph rules (.dependency-cruiser.cjs, run by `npm run lint:graph`) catch what they
// promise: run on a small tree that breaks each rule once, and on the project's own src/.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as IConfiguration;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BROKEN = fileURLToPath(new URL('./__fixtures__/import-graph/', import.meta.url));

async function violations(baseDir: string): Promise<string[]> {
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const result: IReporterOutput = await cruise(['src'], {
    ...options,
    baseDir,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
  });
  if (typeof result.output === 'string') throw new Error('expected the JSON result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('the import graph', () => {
  it('refuses an upward import, a circle and a folder with no floor', async () => {
    const found = await violations(BROKEN);
    expect(found).toEqual(
      expect.arrayContaining([
        'floor-xml: src/xml/engine.ts -> src/components/widget/widget.ts',
        'pure-floors-stay-pure: src/xml/engine.ts -> src/components/widget/widget.ts',
        expect.stringMatching(/^no-circular: src\/text\/(a|b)\.ts -> src\/text\/(a|b)\.ts$/),
        'known-floors-only: src/components/widget/widget2.ts -> src/gadgets/gadget.ts',
      ]),
    );
  }, 60_000);

  it('has no violation in the project', async () => {
    expect(await violations(ROOT)).toEqual([]);
  }, 60_000);
});
