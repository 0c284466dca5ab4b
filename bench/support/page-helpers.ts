/**
 * What the browser benches put in a page to use its forms as a user does (React hears the same
 * input events) and to record its long tasks: `__bench.field(label)`, `set(label, value)`
 * (inputs and selects), `button(name)`, `until(test, timeoutMs)`, and `__bench.tasks`
 * ([startTime, duration] of every PerformanceObserver longtask).
 */
export const PAGE_HELPERS = `globalThis.__bench = {
  field(label) {
    const found = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label);
    const field = found && document.getElementById(found.htmlFor);
    if (!field) throw new Error('no field labelled ' + label);
    return field;
  },
  set(label, value) {
    const field = this.field(label);
    const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  },
  button(name) {
    return [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name);
  },
  async until(test, timeoutMs) {
    const started = performance.now();
    while (!test()) {
      if (performance.now() - started > timeoutMs) throw new Error('timed out: ' + test);
      await new Promise((r) => setTimeout(r, 50));
    }
  },
  tasks: [],
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    __bench.tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }
}).observe({ type: 'longtask' });`;
