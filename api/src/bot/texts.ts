import { MSG } from '@zalik/contract';

/**
 * What the bot says. These texts never reach the web app, so they live here rather than in
 * the contract; they are plain text (no parse mode), so user input needs no escaping.
 */
export const BOT_TEXT = {
  start:
    'Вітаємо в Zalik! 🎓\n\n' +
    'Тут можна придбати курсові, лабораторні та тести з оплатою з гаманця в гривнях.\n' +
    'Натисніть кнопку нижче, щоб відкрити застосунок.',
  startInvited:
    'Вітаємо в Zalik! 🎓\n\n' +
    'Вас запросив друг. Відкрийте застосунок кнопкою нижче, щоб запрошення зарахувалося.',
  openApp: 'Відкрити Zalik',
  banned: MSG.blocked,
  unbanned: 'Вас розблоковано. Ви знову можете користуватися застосунком.',
} as const;

/** The support chat's copy of a message: who wrote it, so support can answer in Telegram. */
export function supportText(m: { id: number; telegramId: number; username: string; message: string }): string {
  return `Звернення №${m.id} від @${m.username} (ID ${m.telegramId}):\n\n${m.message}`;
}
