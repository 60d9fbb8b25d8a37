import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { paths } from './paths';

const route = (pattern: string, to: string) => {
  const url = new URL(to, 'http://app');
  return { match: matchPath(pattern, url.pathname), query: Object.fromEntries(url.searchParams) };
};

describe('app paths (lib/paths.ts)', () => {
  it('every builder makes a path its own route pattern matches, the ids in its params and query', () => {
    expect(route(paths.subject.pattern, paths.subject('7')).match?.params).toEqual({ subjectID: '7' });
    for (const picker of [paths.chooseTeacher, paths.chooseCreator, paths.choosePrice]) {
      expect(route(picker.pattern, picker('7')).match?.params).toEqual({ subjectID: '7' });
    }
    for (const buy of [paths.buyTask, paths.buyTest]) {
      expect(route(buy.pattern, buy('7', '42'))).toEqual({ match: expect.objectContaining({ params: { subjectId: '7' } }), query: { taskId: '42' } });
    }
    expect(route(paths.buyingResult.task, paths.buyingResult.to('7', 'buying-task')).match?.params).toEqual({ subjectId: '7' });
    expect(route(paths.buyingResult.test, paths.buyingResult.to('7', 'buying-test')).match?.params).toEqual({ subjectId: '7' });
    expect(route(paths.addTeacher.pattern, paths.addTeacher('7')).match?.params).toEqual({ subjectId: '7' });
    expect(route(paths.thread.pattern, paths.thread('12')).match?.params).toEqual({ orderId: '12' });
    expect(route(paths.editTeacher.pattern, paths.editTeacher('7', '3')).query).toEqual({ teacherId: '3' });
    expect(route(paths.taskForm.add, paths.taskForm.toAdd('7', '3'))).toEqual({ match: expect.objectContaining({ params: { subjectId: '7' } }), query: { teacherId: '3' } });
    expect(route(paths.taskForm.edit, paths.taskForm.toEdit('7', '9'))).toEqual({ match: expect.objectContaining({ params: { subjectId: '7' } }), query: { taskId: '9' } });
    expect(route(paths.author.pattern, paths.author('100002')).match?.params).toEqual({ telegramId: '100002' });
    expect(paths.taskForm.base('edit', '7')).toBe(matchPath(paths.taskForm.edit, '/list-task/edit-task/7')?.pathname);
    for (const user of [paths.admin.user, paths.admin.giveRole, paths.admin.wallet, paths.admin.history]) {
      expect(route(user.pattern, user('100001'))).toEqual({ match: expect.anything(), query: { telegramId: '100001' } });
    }
  });

  it('encodes ids, so an odd one stays one path segment', () => {
    expect(paths.subject('a/b')).toBe('/list-task/a%2Fb');
    expect(route(paths.subject.pattern, paths.subject('a/b')).match?.params).toEqual({ subjectID: 'a/b' });
  });
});
