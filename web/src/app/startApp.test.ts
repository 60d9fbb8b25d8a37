import { describe, expect, it } from 'vitest';
import { startAppPath } from './startApp';

describe('startAppPath', () => {
  it('opens an order’s thread for `thread_<id>` and nothing for other parameters', () => {
    expect(startAppPath('thread_42')).toBe('/settings/chat/42');
    for (const p of [undefined, '', 'ref_100001', 'thread_', 'thread_42x', 'thread_../x']) expect(startAppPath(p)).toBeNull();
  });

  it("opens a shared card's task (or test) on its buying screen, with the teacher the card named", () => {
    expect(startAppPath('task_3_7_15')).toBe('/list-task/3/buying-task?taskId=15&teacherId=7');
    expect(startAppPath('test_3_7_16')).toBe('/list-task/3/buying-test?taskId=16&teacherId=7');
    for (const p of ['task_', 'task_3_7', 'task_3_7_15_1', 'task_3_x_15', 'test_../3_7_15', 'tasks_3_7_15']) expect(startAppPath(p)).toBeNull();
  });
});
