import { describe, expect, it } from 'vitest';
import { offCpu, parseSwitches } from './off-cpu.ts';

// `perf script -F cpu,time,trace` lines (seconds with µs), as perf prints them.
const line = (cpu: number, s: string, prev: string, state: string, next: string) => {
  const [prevComm, prevTid] = prev.split(':');
  const [nextComm, nextTid] = next.split(':');
  return `[00${cpu}] ${s}: prev_comm=${prevComm} prev_pid=${prevTid} prev_prio=120 prev_state=${state} ==> next_comm=${nextComm} next_pid=${nextTid} next_prio=120`;
};

describe('parseSwitches', () => {
  it('reads each switch on the µs clock and skips every other line', () => {
    const switches = parseSwitches(
      [
        line(1, '10.000200', 'chromium:7', 'S', 'swapper/1:0'),
        '[000] 10.000100: sched:sched_wakeup: comm=chromium pid=7 prio=120 target_cpu=001',
        // With the event's name, as perf prints it when the fields are not chosen.
        line(0, '10.000100', 'swapper/0:0', 'R', 'ThreadPoolForeg:9').replace(
          ': prev_comm',
          ': sched:sched_switch: prev_comm',
        ),
      ].join('\n'),
    );
    expect(switches).toEqual([
      {
        cpu: 0,
        at: 10_000_100,
        prevComm: 'swapper/0',
        prevTid: 0,
        prevState: 'R',
        nextComm: 'ThreadPoolForeg',
        nextTid: 9,
      },
      {
        cpu: 1,
        at: 10_000_200,
        prevComm: 'chromium',
        prevTid: 7,
        prevState: 'S',
        nextComm: 'swapper/1',
        nextTid: 0,
      },
    ]);
  });
});

describe('offCpu', () => {
  // The page's main thread (7) runs from 1.000, is preempted by a worker (8) at 1.010 (R), runs
  // again at 1.030, sleeps at 1.040 (S: a round trip to the browser) and wakes at 1.060.
  const switches = parseSwitches(
    [
      line(0, '1.000000', 'swapper/0:0', 'R', 'chromium:7'),
      line(1, '1.000000', 'swapper/1:0', 'R', 'ThreadPoolForeg:9'),
      line(0, '1.010000', 'chromium:7', 'R', 'DedicatedWorker:8'),
      line(0, '1.030000', 'DedicatedWorker:8', 'R', 'chromium:7'),
      line(0, '1.040000', 'chromium:7', 'S', 'DedicatedWorker:8'),
      line(0, '1.060000', 'DedicatedWorker:8', 'R', 'chromium:7'),
    ].join('\n'),
  );

  it('splits the window into running, runnable and asleep', () => {
    const spent = offCpu(switches, 7, 1_005_000, 1_065_000);
    expect(spent).toMatchObject({ running: 20_000, runnable: 20_000, asleep: 20_000 });
  });

  it('names who held the cores, most first', () => {
    const spent = offCpu(switches, 7, 1_005_000, 1_065_000);
    expect(spent.cores).toEqual([
      ['ThreadPoolForeg:9', 60_000],
      ['DedicatedWorker:8', 40_000],
      ['chromium:7', 20_000],
    ]);
  });

  it('takes the state the thread was left in before the window', () => {
    // Asleep since 1.040: the whole window [1.045, 1.055) is asleep.
    expect(offCpu(switches, 7, 1_045_000, 1_055_000)).toMatchObject({
      running: 0,
      runnable: 0,
      asleep: 10_000,
    });
  });
});
