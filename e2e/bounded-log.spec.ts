import { expect, test } from '@playwright/test';
import { BoundedLog } from '../src/background/devtools/bounded.ts';

// The console and network buffers: the newest entries, never more than the limit.
test('a bounded log keeps the newest items, evicts the oldest one by one, and clears', () => {
  const evicted: number[] = [];
  const log = new BoundedLog<number>(10, (n) => evicted.push(n));
  expect(log.newestFirst()).toEqual([]);
  for (let n = 0; n < 4; n++) log.push(n);
  expect(log.newestFirst()).toEqual([3, 2, 1, 0]);
  for (let n = 4; n < 25; n++) log.push(n);
  expect(log.size).toBe(10);
  expect(log.newestFirst()).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
  expect(evicted).toEqual([...Array(15).keys()]);
  expect(log.evicted).toBe(15);
  expect(log.clear()).toBe(10);
  expect(log.newestFirst()).toEqual([]);
  log.push(99);
  expect(log.newestFirst()).toEqual([99]);
});
