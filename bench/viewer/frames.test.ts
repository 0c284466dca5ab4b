import { describe, expect, it } from 'vitest';
import { frameFigures, SHOWN_UNCOVERED, SHOWN_WAITING, SHOWN_WHOLE } from './frames.ts';

const at60Hz = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => from + (i * 1000) / 60);

describe('frameFigures', () => {
  it('counts no dropped frame when every frame is drawn, a few milliseconds late or not', () => {
    const frames = at60Hz(30, 1000).map((t, i) => t + (i % 3 === 1 ? 4 : 0));
    const figures = frameFigures({
      idle: at60Hz(10),
      frames,
      shows: frames.map(() => SHOWN_WHOLE),
    });
    expect(figures).toMatchObject({ drawn: 30, dropped: 0, waiting: 0, uncovered: 0 });
    expect(figures.interval).toBeCloseTo(16.67, 1);
  });

  it('counts the frames a long gap spans, and the frames drawn with rows waiting or missing', () => {
    // Frames 0–9, then nothing for 100 ms (five frames missed), then frames again.
    const frames = [...at60Hz(10), ...at60Hz(10, 150 + 100)];
    const shows = frames.map((_, i) =>
      i === 10 ? SHOWN_UNCOVERED : i === 11 || i === 12 ? SHOWN_WAITING : SHOWN_WHOLE,
    );
    const figures = frameFigures({ idle: at60Hz(10), frames, shows });
    expect(figures).toMatchObject({ drawn: 20, dropped: 5, waiting: 2, uncovered: 1 });
    expect(figures.longestGap).toBeCloseTo(100, 0);
  });

  it('takes the display interval from the idle frames (a 30 Hz display drops none at 30 fps)', () => {
    const at30Hz = (count: number) => Array.from({ length: count }, (_, i) => (i * 1000) / 30);
    const figures = frameFigures({ idle: at30Hz(10), frames: at30Hz(20), shows: [] });
    expect(figures.dropped).toBe(0);
    expect(frameFigures({ idle: at60Hz(10), frames: at30Hz(20), shows: [] }).dropped).toBe(19);
  });

  it('refuses to guess the interval without idle frames', () => {
    expect(() => frameFigures({ idle: [5], frames: at60Hz(3), shows: [] })).toThrow(
      'no idle frames',
    );
  });
});
