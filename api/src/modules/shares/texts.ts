import { BOT_TEXT } from '../outbox/index.js';

/**
 * What a shared card says in the chat it was sent to. Like the bot's texts these never reach
 * the web app, so they live here; plain text (no parse mode), so titles need no escaping.
 */
export const SHARE_TEXT = {
  task: (t: { title: string; subject: string; teacher: string; price: string }) =>
    `📘 ${t.title}\n\nПредмет: ${t.subject}\nВикладач: ${t.teacher}\nЦіна: ${t.price}\n\nГотове завдання в Заліку: відкрийте його кнопкою нижче.`,
  openTask: 'Відкрити завдання',
  inviteTitle: 'Запрошення до Заліку',
  inviteDescription: 'Готові лабораторні, курсові й тести в Telegram',
  invite: 'Готові лабораторні, курсові й тести — у Заліку. Приєднуйся за моїм посиланням!',
  openApp: BOT_TEXT.openApp,
} as const;
