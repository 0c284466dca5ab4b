import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TestProviders } from '../test/test-providers.tsx';
import {
  describeHealth,
  HEALTH_PATH,
  HEALTH_POLL_MS,
  parseHealthReport,
  useTargetHealth,
} from './target-health.ts';

const REPORT = {
  targets: [
    {
      id: 'emulator',
      ready: true,
      status: 200,
      problem: null,
      checkedAt: '2026-11-25T02:00:00.000Z',
    },
    {
      id: 'staging',
      ready: false,
      status: null,
      problem: 'no-answer',
      checkedAt: '2026-11-25T02:00:00.000Z',
    },
    {
      id: 'slow',
      ready: false,
      status: null,
      problem: 'timeout',
      checkedAt: '2026-11-25T02:00:00.000Z',
    },
    {
      id: 'broken',
      ready: false,
      status: 503,
      problem: 'http-status',
      checkedAt: '2026-11-25T02:00:00.000Z',
    },
  ],
};

function Probe({ id, name }: { id: string; name: string }) {
  const view = useTargetHealth(id, name);
  return (
    <p data-testid="health" data-state={view.state}>
      {view.badge} | {view.sentence ?? ''}
    </p>
  );
}

function renderProbe(id: string, name = id) {
  render(
    <TestProviders>
      <Probe id={id} name={name} />
    </TestProviders>,
  );
  return screen.getByTestId('health');
}

function mockFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useTargetHealth', () => {
  it('says a target that does not answer is down, in plain words, from the health route', async () => {
    const fetchMock = mockFetch(async () => Response.json(REPORT));
    const health = renderProbe('staging', 'Staging');
    await vi.waitFor(() => expect(health.dataset.state).toBe('down'));
    expect(health.textContent).toBe(
      'not answering | Target Staging is not answering: nothing answered at its address (connection refused or the name not found). Calls to it will fail until it is back; pick another target in Settings or start the service.',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(HEALTH_PATH);
  });

  it('says a ready target is answering, with no sentence', async () => {
    mockFetch(async () => Response.json(REPORT));
    const health = renderProbe('emulator');
    await vi.waitFor(() => expect(health.dataset.state).toBe('ready'));
    expect(health.textContent).toBe('answering | ');
  });

  it('calls the health unknown, never down, where the route does not exist (HTTP 404)', async () => {
    mockFetch(async () => new Response('Not Found', { status: 404 }));
    const health = renderProbe('staging');
    await vi.waitFor(() => expect(health.dataset.state).toBe('unknown'));
    expect(health.textContent).toContain(
      'This console server does not report whether target staging answers',
    );
    expect(health.textContent).not.toMatch(/not answering|down/);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['malformed JSON', async () => new Response('{"targets": [', { status: 200 })],
    ['an HTTP 500', async () => new Response('oops', { status: 500 })],
  ])('calls the health unknown after %s', async (_name, answer) => {
    mockFetch(answer);
    const health = renderProbe('staging');
    await vi.waitFor(() => expect(health.dataset.state).toBe('unknown'));
    expect(health.textContent).toContain(
      'The console server did not say whether target staging answers',
    );
  });

  it('asks again every poll interval, so a target that comes back is seen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let ready = false;
    const fetchMock = mockFetch(async () =>
      Response.json({
        targets: [
          { id: 'staging', ready, status: ready ? 200 : null, problem: ready ? null : 'no-answer' },
        ],
      }),
    );
    const health = renderProbe('staging');
    await vi.waitFor(() => expect(health.dataset.state).toBe('down'));
    ready = true;
    await vi.advanceTimersByTimeAsync(HEALTH_POLL_MS);
    await vi.waitFor(() => expect(health.dataset.state).toBe('ready'));
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('parseHealthReport + describeHealth', () => {
  it('keeps well-formed entries only, and never reads an address', () => {
    const report = parseHealthReport({
      targets: [
        null,
        { id: '', ready: true },
        { id: 'x', ready: 'yes' },
        { id: 'y', ready: false, problem: 'on-fire', status: 'x' },
      ],
    });
    expect([...report.keys()]).toEqual(['y']);
    expect(report.get('y')).toEqual({ id: 'y', ready: false, status: null, problem: null });
    expect(parseHealthReport('nonsense').size).toBe(0);
  });

  it('names a timeout and a wrong HTTP status', () => {
    const report = parseHealthReport(REPORT);
    const settled = { pending: false, failed: false, routeMissing: false };
    expect(describeHealth('slow', report.get('slow'), settled).sentence).toContain(
      'it did not answer the console server in time',
    );
    expect(describeHealth('broken', report.get('broken'), settled).sentence).toContain(
      'it answered HTTP 503 where the service description was expected',
    );
    expect(describeHealth('gone', undefined, settled).state).toBe('unknown');
  });
});
