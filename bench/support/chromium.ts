/** The Chromium every browser bench drives: found as the e2e tests find it, with their flags. */
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/find-chromium.mjs';

export { CHROMIUM_ARGS };

/** Chromium's executable; throws, saying how to install one, where there is none. */
export async function requireChromium(): Promise<string> {
  const executablePath = await findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  return executablePath;
}

/** Chromium under Playwright, with the quiet flags and any `extraArgs`. */
export function launchChromium(
  executablePath: string,
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A page of nothing at a made-up origin, so that its scripts may start workers from Blob URLs.
 * @example const page = await blankPage(browser, 'workers');
 */
export async function blankPage(browser: Browser, title: string): Promise<Page> {
  const page = await browser.newPage();
  await page.route('http://bench.invalid/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${title}</title>` }),
  );
  await page.goto('http://bench.invalid/');
  return page;
}

/**
 * Runs `script` in a worker of `page` (a blankPage: workers start there from Blob URLs), posts it
 * `message` and resolves with the first message it posts back; then ends the worker.
 * @example const figures = await runInWorker<Passes>(page, script, { parts, passes: 6 });
 */
export function runInWorker<T>(page: Page, script: string, message: unknown): Promise<T> {
  return page.evaluate(
    ([source, data]) =>
      new Promise<T>((resolve, reject) => {
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const worker = new Worker(url);
        worker.onmessage = (event: MessageEvent<T>) => {
          worker.terminate();
          resolve(event.data);
        };
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(data);
      }),
    [script, message] as const,
  );
}

/**
 * One minified script (IIFE) from TypeScript source that may import modules of the checkout at
 * `resolveDir` (this one's, or a baseline's), for a bench page or its workers.
 * @example const script = await bundleScript(`import { x } from './src/x.ts'; …`, root, 'entry.ts');
 */
export async function bundleScript(
  contents: string,
  resolveDir: string,
  sourcefile: string,
): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts', sourcefile },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}
