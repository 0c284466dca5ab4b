import { describe, expect, it } from 'vitest';
import { nextTurn } from './next-turn.ts';

describe('nextTurn', () => {
  it('lets a task queued before it run first, which a microtask would not', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task'), 0);
    await Promise.resolve();
    order.push('microtask');
    await nextTurn();
    order.push('after the turn');
    expect(order).toEqual(['microtask', 'task', 'after the turn']);
  });
});
