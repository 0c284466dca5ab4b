/**
 * Resolves after the event loop has had a turn (a macrotask): rendering, input and other
 * messages run in between, which a resolved promise (a microtask) would not allow. Long work
 * cut into slices awaits it between slices.
 * @example for (const slice of slices) { work(slice); await nextTurn(); }
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Callbacks waiting for their task, first in first out (see queueTask). */
const queuedTasks: Array<() => void> = [];
let taskChannel: MessageChannel | null = null;

/** The port the queued tasks' messages arrive on; Node's can be told whether to hold the process. */
function waitingPort(channel: MessageChannel): { ref?: () => void; unref?: () => void } {
  return channel.port1 as { ref?: () => void; unref?: () => void };
}

/**
 * Runs `callback` in a task of its own, after the messages already queued: a MessageChannel
 * message, which setTimeout(0) is not once timers nest five deep (then each waits 4 ms or more).
 * Work cut into many short slices in a worker queues each next slice this way.
 *
 * @example queueTask(() => workOneSlice());
 */
export function queueTask(callback: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  if (!taskChannel) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const task = queuedTasks.shift();
      if (queuedTasks.length === 0) waitingPort(channel).unref?.();
      task?.();
    };
    taskChannel = channel;
  }
  // In Node an open port keeps the process alive: this one does while a task waits on it, so
  // that a process whose last work is a queued task runs it, and no longer once none waits.
  if (queuedTasks.length === 0) waitingPort(taskChannel).ref?.();
  queuedTasks.push(callback);
  taskChannel.port2.postMessage(null);
}

/**
 * Runs `callback` in a task after the next frame is painted (a task queued from the frame's
 * animation callback), or in the next task where there are no frames (a worker, Node, a page in
 * a hidden tab, which paints none until it is shown): work that would take a core from what the
 * page is about to paint waits for it.
 *
 * @example show(firstRows); afterNextPaint(() => askForTheRest());
 */
export function afterNextPaint(callback: () => void): void {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (typeof requestAnimationFrame !== 'function' || hidden) {
    setTimeout(callback, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(callback, 0));
}
