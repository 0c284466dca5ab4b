/**
 * Chromium driven over its DevTools pipe with nothing but the calls a bench asks for. Playwright
 * enables the Network domain on every page and worker it drives, so each request also produces
 * DevTools events in the renderer and the browser process, and DevTools keeps each response's
 * body: the benchmark's page figures would carry that cost, which a user's browser does not pay
 * (bench/driver-cost.bench.ts measures it). This driver leaves Network off, and evaluates its
 * probes as DevTools does, outside the page's Content-Security-Policy, which stays on.
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

type Listener = (params: Record<string, unknown>) => void;

/** One DevTools session: a page's, a worker's, or the browser's own (no session id). */
export interface BareSession {
  /** A DevTools method on this session (e.g. HeapProfiler.collectGarbage). */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Evaluates an expression (awaiting a promise) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Calls `listener` with each `method` event of this session. */
  on(method: string, listener: Listener): void;
}

export interface BarePage extends BareSession {
  readonly targetId: string;
  /** Sets the files of the `<input type=file>` that `selector` finds. */
  setInputFiles(selector: string, paths: string[]): Promise<void>;
  /**
   * A trusted mouse click (as a person's: pointer moved, pressed, released) at the centre of the
   * element `element` evaluates to in the page, scrolled into view first.
   */
  click(element: string): Promise<void>;
  /** The pointer moved onto the centre of the element `element` evaluates to. */
  hover(element: string): Promise<void>;
  /** The page's dedicated workers, each attached as a session of its own. */
  workers(): Promise<BareSession[]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Runs in every document of the page before its own scripts. */
  initScript?: string;
  /** The page's viewport in CSS pixels (else the window's). */
  viewport?: { width: number; height: number };
  /** How long the document may take to load (20 s). */
  timeoutMs?: number;
}

export interface BareChromium {
  open(url: string, options?: OpenOptions): Promise<BarePage>;
  /** Starts a trace of every Chromium process; the returned function ends it with its JSON. */
  startTracing(categories: readonly string[]): Promise<() => Promise<string>>;
  /** The browser's own session: targets, downloads. */
  readonly browser: BareSession;
  /** Attaches to a target (a page or a worker of Target.getTargets) as a session of its own. */
  attach(targetId: string): Promise<BareSession>;
  close(): Promise<void>;
}

interface DevToolsMessage {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
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
  const listeners = new Map<string, Listener[]>();
  const listenerKey = (method: string, sessionId = '') => `${sessionId} ${method}`;
  let nextId = 1;
  let buffered = '';
  fromChromium.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as DevToolsMessage;
      buffered = buffered.slice(end + 1);
      if (message.method) {
        for (const listener of listeners.get(listenerKey(message.method, message.sessionId)) ?? [])
          listener(message.params ?? {});
      }
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id as number);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
    }
  });
  // A browser that ends fails every call still waiting, instead of leaving it unsettled.
  child.once('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('Chromium ended'));
    pending.clear();
  });
  const sessionOf = (sessionId?: string): BareSession => {
    const send = (method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        toChromium.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      });
    return {
      send,
      async evaluate<T>(expression: string) {
        const { result, exceptionDetails } = (await send('Runtime.evaluate', {
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
      on(method, listener) {
        const key = listenerKey(method, sessionId);
        listeners.set(key, [...(listeners.get(key) ?? []), listener]);
      },
    };
  };
  const browser = sessionOf();
  const attach = async (targetId: string) => {
    const { sessionId } = (await browser.send('Target.attachToTarget', {
      targetId,
      flatten: true,
    })) as { sessionId: string };
    return sessionOf(sessionId);
  };

  return {
    browser,
    attach,
    async open(url, options = {}) {
      const { targetId } = (await browser.send('Target.createTarget', {
        url: 'about:blank',
      })) as { targetId: string };
      const session = await attach(targetId);
      await session.send('Page.enable');
      // For Inspector.targetCrashed.
      await session.send('Inspector.enable');
      if (options.initScript)
        await session.send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
      if (options.viewport)
        await session.send('Emulation.setDeviceMetricsOverride', {
          ...options.viewport,
          deviceScaleFactor: 1,
          mobile: false,
        });
      await session.send('Page.navigate', { url });
      const mouse = async (type: string, element: string) => {
        const { x, y } = await session.evaluate<{ x: number; y: number }>(
          `(() => { const e = ${element}; if (!e) throw new Error(${JSON.stringify(`nothing to point at: ${element}`)}); e.scrollIntoView({ block: 'nearest', inline: 'nearest' }); const r = e.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`,
        );
        await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
        if (type === 'move') return;
        for (const press of ['mousePressed', 'mouseReleased'])
          await session.send('Input.dispatchMouseEvent', {
            type: press,
            x,
            y,
            button: 'left',
            buttons: press === 'mousePressed' ? 1 : 0,
            clickCount: 1,
          });
      };
      let workers: Promise<Map<string, BareSession>> | null = null;
      const page: BarePage = {
        ...session,
        targetId,
        async setInputFiles(selector, files) {
          const { root } = (await session.send('DOM.getDocument')) as { root: { nodeId: number } };
          const { nodeId } = (await session.send('DOM.querySelector', {
            nodeId: root.nodeId,
            selector,
          })) as { nodeId: number };
          await session.send('DOM.setFileInputFiles', { files, nodeId });
        },
        click: (element) => mouse('click', element),
        hover: (element) => mouse('move', element),
        async workers() {
          // Attached when first asked (so that a load before has no session in its workers),
          // then every worker the page starts, as it starts.
          workers ??= (async () => {
            const attached = new Map<string, BareSession>();
            session.on('Target.attachedToTarget', (params) => {
              const { sessionId: id, targetInfo } = params as {
                sessionId: string;
                targetInfo: { type: string };
              };
              if (targetInfo.type === 'worker') attached.set(id, sessionOf(id));
            });
            session.on('Target.detachedFromTarget', (params) =>
              attached.delete((params as { sessionId: string }).sessionId),
            );
            await session.send('Target.setAutoAttach', {
              autoAttach: true,
              waitForDebuggerOnStart: false,
              flatten: true,
            });
            return attached;
          })();
          return [...(await workers).values()];
        },
        async close() {
          await browser.send('Target.closeTarget', { targetId });
        },
      };
      // Until the page's document is the one asked for and has loaded.
      const timeoutMs = options.timeoutMs ?? 20_000;
      const started = performance.now();
      while (performance.now() - started < timeoutMs) {
        const ready = await page
          .evaluate<boolean>(
            `location.href.startsWith(${JSON.stringify(url)}) && document.readyState === 'complete'`,
          )
          .catch(() => false);
        if (ready) return page;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${url} did not load within ${timeoutMs / 1000} s`);
    },
    async startTracing(categories) {
      await browser.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: { includedCategories: categories, recordMode: 'recordContinuously' },
      });
      return async () => {
        const complete = new Promise<Record<string, unknown>>((resolve) =>
          browser.on('Tracing.tracingComplete', resolve),
        );
        await browser.send('Tracing.end');
        const { stream } = (await complete) as { stream: string };
        const parts: string[] = [];
        for (;;) {
          const { data, eof } = (await browser.send('IO.read', { handle: stream })) as {
            data: string;
            eof: boolean;
          };
          parts.push(data);
          if (eof) break;
        }
        await browser.send('IO.close', { handle: stream });
        return parts.join('');
      };
    },
    async close() {
      await browser.send('Browser.close').catch(() => undefined);
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(null);
        else child.once('exit', resolve);
      });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
