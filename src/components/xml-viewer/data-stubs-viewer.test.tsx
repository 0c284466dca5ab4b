import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as heldText from '../../text/held-text.ts';
import { heldForTest } from '../../test/held-text.ts';
import { DataStubsViewer, preloadViews } from './data-stubs-viewer.tsx';

/** A viewer worker that never answers: the analysis stays under way, as while a payload is read. */
class SilentWorker extends EventTarget {
  onmessage = null;
  onerror = null;
  postMessage(): void {}
  terminate(): void {}
}

// The viewer loads its views' code as it mounts: loaded here first, so that no import is still
// under way when the file's environment is torn down (a cold transform cache makes them slow).
beforeAll(() => preloadViews(), 60_000);
beforeEach(() => vi.stubGlobal('Worker', SilentWorker));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAYLOAD = `<AssetStubs>${'<Stub><Title>harbour</Title></Stub>'.repeat(4_000)}</AssetStubs>`;
/** The head of the payload that arrived first, as the receiving view showed it. */
const HEAD = PAYLOAD.slice(0, 64_000);

describe('DataStubsViewer with a held payload', () => {
  it("does not read the payload's start back when the head that arrived gives Pretty's first screen", async () => {
    const readStart = vi.spyOn(heldText, 'readTextStart');
    render(<DataStubsViewer xml={heldForTest(PAYLOAD)} form="xml" receivedHead={HEAD} />);
    expect(await screen.findByRole('tab', { name: 'Pretty' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readStart).not.toHaveBeenCalled();
  });

  it("reads the payload's start back when no head arrived", async () => {
    const readStart = vi.spyOn(heldText, 'readTextStart');
    render(<DataStubsViewer xml={heldForTest(PAYLOAD)} form="xml" />);
    expect(await screen.findByRole('tab', { name: 'Pretty' })).toBeVisible();
    await vi.waitFor(() => expect(readStart).toHaveBeenCalledTimes(1));
  });

  it("reads the payload's start back for the Table's first records the head did not give", async () => {
    const readStart = vi.spyOn(heldText, 'readTextStart');
    render(
      <DataStubsViewer
        xml={heldForTest(PAYLOAD)}
        form="xml"
        receivedHead={HEAD}
        initialTab="table"
      />,
    );
    expect(await screen.findByRole('tab', { name: 'Table' })).toBeVisible();
    await vi.waitFor(() => expect(readStart).toHaveBeenCalledTimes(1));
  });
});
