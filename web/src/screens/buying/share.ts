import { endpoints as ep, taskStartParam, type Task } from '@zalik/contract';
import { call } from '../../api/client';
import { shareCard, type ShareOutcome } from '../../lib/shareCard';

/**
 * A task as the bot's card (title, subject, teacher, price; its button opens this screen), else
 * the app's direct link to it, made from my invite link's base (the web does not know the bot's name).
 */
export function shareTask(task: Task): Promise<ShareOutcome> {
  return shareCard(
    () => call(ep.shareTask, { params: { id: task.id } }),
    async () => {
      const invite = await call(ep.inviteLink, {});
      const base = invite.link.split('?')[0]!;
      const param = taskStartParam({ type: task.type, subjectId: task.teacher.subject.id, teacherId: task.teacher.id, id: task.id });
      return { link: `${base}?startapp=${param}`, text: `${task.title} — ${task.teacher.subject.name}, ${task.teacher.name}. Готове завдання в Заліку.` };
    },
  );
}
