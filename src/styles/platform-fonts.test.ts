// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GENERIC_FONTS_CLASS,
  chooseFontStacks,
  fontsMatchedByFontconfig,
} from './platform-fonts.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0 Safari/537.36';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/142.0 Mobile Safari/537.36';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/142.0';

describe('fontsMatchedByFontconfig', () => {
  it('is true on Linux and ChromeOS', () => {
    expect(fontsMatchedByFontconfig('Linux x86_64', CHROME_LINUX)).toBe(true);
    expect(fontsMatchedByFontconfig('Linux aarch64', CHROME_LINUX)).toBe(true);
    expect(fontsMatchedByFontconfig('CrOS x86_64', CHROME_LINUX)).toBe(true);
  });

  it('is false on Android, macOS, Windows and an unknown platform', () => {
    expect(fontsMatchedByFontconfig('Linux armv8l', CHROME_ANDROID)).toBe(false);
    expect(fontsMatchedByFontconfig('MacIntel', CHROME_MAC)).toBe(false);
    expect(fontsMatchedByFontconfig('Win32', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(
      false,
    );
    expect(fontsMatchedByFontconfig('', '')).toBe(false);
  });
});

describe('chooseFontStacks', () => {
  afterEach(() => {
    document.documentElement.classList.remove(GENERIC_FONTS_CLASS);
    vi.restoreAllMocks();
  });

  it('switches the root to the generic families on Linux', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux x86_64');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_LINUX);
    chooseFontStacks(document);
    expect(document.documentElement.classList.contains(GENERIC_FONTS_CLASS)).toBe(true);
  });

  it('keeps the named stacks elsewhere', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_MAC);
    chooseFontStacks(document);
    expect(document.documentElement.classList.contains(GENERIC_FONTS_CLASS)).toBe(false);
  });
});

describe('the stylesheets', () => {
  const css = (path: string) => readFileSync(join(import.meta.dirname, path), 'utf8');

  it('define the generic stacks under the class this module sets', () => {
    const rule = new RegExp(`:root\\.${GENERIC_FONTS_CLASS} \\{([^}]*)\\}`).exec(css('app.css'));
    expect(rule?.[1]).toMatch(/--sans: system-ui, sans-serif;/);
    expect(rule?.[1]).toMatch(/--mono: monospace, monospace;/);
  });

  it('name font families only through --sans and --mono', () => {
    for (const path of ['app.css', '../components/xml-viewer/xml-viewer.css']) {
      const families = [...css(path).matchAll(/font-family:\s*([^;]+);/g)].map((m) => m[1]);
      expect(families.length).toBeGreaterThan(0);
      for (const family of families) expect(family).toMatch(/^(var\(--(sans|mono)\)|inherit)$/);
    }
  });
});
