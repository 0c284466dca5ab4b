/**
 * Page-side measurements for the layout specs, as script strings: this code runs in the page,
 * and e2e files are type-checked for Node, without the DOM's types.
 */

/**
 * How far the page is wider than the window, and the box that sticks out furthest (only boxes
 * that no scrolling ancestor holds: those are what make the page itself wider).
 * Evaluates to { overflow: number, widest: string }.
 */
export const PAGE_OVERFLOW = `(() => {
  const clipped = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  let widest = '';
  let right = window.innerWidth;
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.right <= right + 0.5 || clipped(element)) continue;
    right = box.right;
    widest = element.tagName.toLowerCase() + '.' + [...element.classList].join('.') + ' "' +
      (element.textContent || '').slice(0, 40) + '" (' + Math.round(box.right) + ' px)';
  }
  return { overflow: document.documentElement.scrollWidth - window.innerWidth, widest };
})()`;

/**
 * Pretty's gutter beside its lines: for each of the first `count` lines on screen, the top and
 * height of the line and of its line number. Evaluates to an array of
 * { number, lineTop, lineHeight, gutterTop, gutterHeight }.
 */
export function gutterBesideLines(count: number): string {
  return `(() => {
    const panel = document.querySelector('[role="tabpanel"][data-view="pretty"]:not([hidden])');
    const lines = [...panel.querySelectorAll('.xv-line .xv-line-text')].slice(0, ${count});
    const numbers = [...panel.querySelectorAll('.xv-line .xv-line-number')];
    return lines.map((line, i) => {
      const lineBox = line.getBoundingClientRect();
      const number = numbers[i];
      const numberBox = number ? number.getBoundingClientRect() : { top: NaN, height: NaN };
      return {
        number: number ? number.textContent.trim() : '',
        lineTop: lineBox.top,
        lineHeight: lineBox.height,
        gutterTop: numberBox.top,
        gutterHeight: numberBox.height,
      };
    });
  })()`;
}
