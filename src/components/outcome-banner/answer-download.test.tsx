import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { OutcomeBanner } from './outcome-banner.tsx';
import { AnswerDownload, answerFileName } from './answer-download.tsx';
import { describeError, redactOutcome } from '../../outcome/outcome.ts';
import { ERRORS, TEST_KEY, tooLarge } from '../../test/call-errors.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

function Banner({ error }: { error: unknown }) {
  return (
    <OutcomeBanner outcome={redactOutcome(describeError(error), [TEST_KEY])}>
      <AnswerDownload error={error} />
    </OutcomeBanner>
  );
}

describe('AnswerDownload', () => {
  it('saves the exact bytes of an answer above the ceiling, then revokes the URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const saved: Array<{ blob: Blob; url: string }> = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${saved.length}`;
        saved.push({ blob, url });
        return url;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const body = '<soap:Envelope>an answer of 42 bytes, say</soap:Envelope>';
    const error = tooLarge(body, 16);
    render(<Banner error={error} />);

    const banner = screen.getByRole('region', { name: 'Outcome' });
    expect(banner).toHaveAttribute('data-outcome', 'too-large');
    expect(banner).toHaveTextContent(
      `The answer is ${body.length} B, above the 16 B this console opens (Settings). Download it to open it elsewhere.`,
    );
    const button = within(banner).getByRole('button', {
      name: `Download the answer (${body.length} B)`,
    });
    fireEvent.click(button);

    expect(clicked).toEqual([{ href: 'blob:test/0', download: 'GetAssetStubs-answer.xml' }]);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(revoked).toEqual(['blob:test/0']);
    vi.useRealTimers();
    expect(saved[0]?.blob).toBe(error.body);
    expect(await textOf(error.body)).toBe(body);
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  it('is not offered for any other outcome', () => {
    render(<Banner error={ERRORS.timeout} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the file by operation and content type only', () => {
    expect(answerFileName({ operation: 'AddUserAssetIndex', contentType: 'text/plain' })).toBe(
      'AddUserAssetIndex-answer.txt',
    );
    expect(answerFileName({ operation: 'GetAssetStubs', contentType: null })).toBe(
      'GetAssetStubs-answer.bin',
    );
    expect(
      answerFileName({ operation: 'GetAssetStubs', contentType: 'application/soap+xml' }),
    ).toBe('GetAssetStubs-answer.xml');
  });
});
