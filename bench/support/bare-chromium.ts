/**
 * Chromium driven over its DevTools pipe with nothing but Runtime and DOM calls. Playwright
 * enables the Network domain on every page and worker it drives, so each request also produces
 * DevTools events in the renderer and the browser process and sends them to Node: the
 * benchmark's page figures would carry that cost, which a user's browser does not pay. This
 * driver leaves Network off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Pending {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

export interface BarePage {
  /** Evaluates an expression in the page (awaiting a promise) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Sets the files of the `<input type=file>` that `selector` finds. */
  setInputFiles(selector: string, paths: string[]): Promise<void>;
  /** A DevTools method on this page's session (e.g. HeapProfiler.collectGarbage). */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface BareChromium {
  open(url: string): Promise<BarePage>;
  /** Starts a trace of every Chromium process; the returned function ends it with its JSON. */
  startTracing(categories: readonly string[]): Promise<() => Promise<string>>;
  close(): Promise<void>;
}

/** @example const chrome = await launchBareChromium('/usr/bin/chromium', []); */
export async function launchBareChromium(
  executablePath: string,
  args: readonly string[],
): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'inode-bench-chromium-'));
  const child: ChildProcess = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--remote-debugging-pipe',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      `--user-data-dir=${profile}`,
      ...args,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toChromium = child.stdio[3] as Writable;
  const fromChromium = child.stdio[4] as Readable;
  const pending = new Map<number, Pending>();
  const eventListeners = new Map<string, (params: Record<string, unknown>) => void>();
  let nextId = 1;
  let buffered = '';
  fromChromium.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
        error?: { message: string };
      };
      buffered = buffered.slice(end + 1);
      if (message.method) eventListeners.get(message.method)?.(message.params ?? {});
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id as number);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
    }
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      toChromium.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  return {
    async open(url) {
      const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      const on = (method: string, params?: Record<string, unknown>) =>
        send(method, params, sessionId);
      await on('Page.enable');
      await on('Page.navigate', { url });
      const page: BarePage = {
        async evaluate<T>(expression: string) {
          const { result, exceptionDetails } = (await on('Runtime.evaluate', {
            expression,
            awaitPromise: true,
            returnByValue: true,
          })) as {
            result: { value: T };
            exceptionDetails?: { text: string; exception?: { description?: string } };
          };
          if (exceptionDetails)
            throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
          return result.value;
        },
        async setInputFiles(selector, files) {
          const { root } = (await on('DOM.getDocument')) as { root: { nodeId: number } };
          const { nodeId } = (await on('DOM.querySelector', { nodeId: root.nodeId, selector })) as {
            nodeId: number;
          };
          await on('DOM.setFileInputFiles', { files, nodeId });
        },
        send: on,
        async close() {
          await send('Target.closeTarget', { targetId });
        },
      };
      // Until the page's document is the one asked for and has loaded.
      for (let i = 0; i < 400; i++) {
        const ready = await page
          .evaluate<boolean>(
            `location.href.startsWith(${JSON.stringify(url)}) && document.readyState === 'complete'`,
          )
          .catch(() => false);
        if (ready) return page;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${url} did not load`);
    },
    async startTracing(categories) {
      await send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: { includedCategories: categories, recordMode: 'recordContinuously' },
      });
      return async () => {
        const complete = new Promise<Record<string, unknown>>((resolve) =>
          eventListeners.set('Tracing.tracingComplete', resolve),
        );
        await send('Tracing.end');
        const { stream } = (await complete) as { stream: string };
        const parts: string[] = [];
        for (;;) {
          const { data, eof } = (await send('IO.read', { handle: stream })) as {
            data: string;
            eof: boolean;
          };
          parts.push(data);
          if (eof) break;
        }
        await send('IO.close', { handle: stream });
        return parts.join('');
      };
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(null);
        else child.once('exit', resolve);
      });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
