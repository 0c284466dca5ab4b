/**
 * The font stacks a platform matches without a round trip per missing family.
 *
 * The page's stacks name each platform's own fonts (SF Mono and Menlo on macOS, Consolas and
 * Segoe UI on Windows) ahead of the generic family. Where Chromium matches fonts through
 * fontconfig (Linux, ChromeOS), it asks the browser process about each family of a stack over a
 * synchronous round trip, the first time each font (family, size, weight, style) is used, and
 * none of those families is there: four or five misses before the match, about 20 ms each while
 * the browser receives a large answer. There the page uses the generic families alone, which are
 * the fonts the system is configured with.
 */

/** The class on the root element that switches the stacks to the generic families (app.css). */
export const GENERIC_FONTS_CLASS = 'generic-fonts';

/**
 * Whether fonts are matched by fontconfig: Linux and ChromeOS, not Android.
 * @example fontsMatchedByFontconfig('Linux x86_64', navigator.userAgent) // true
 */
export function fontsMatchedByFontconfig(platform: string, userAgent: string): boolean {
  return /linux|cros/i.test(platform) && !/android/i.test(userAgent);
}

/** @example chooseFontStacks(document) // once, before the first render */
export function chooseFontStacks(doc: Document): void {
  const { platform, userAgent } = doc.defaultView?.navigator ?? { platform: '', userAgent: '' };
  if (fontsMatchedByFontconfig(platform, userAgent))
    doc.documentElement.classList.add(GENERIC_FONTS_CLASS);
}
