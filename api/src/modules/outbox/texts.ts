import { KYIV_TIME_ZONE, MSG, formatUah, newMessagesText } from '@zalik/contract';

/**
 * What the bot says, its notifications included (every outbox message's text is made here).
 * These texts never reach the web app, so they live here rather than in the contract; they
 * are plain text (no parse mode), so user input needs no escaping. Amounts are UAH.
 */
export const BOT_TEXT = {
  start:
    'Вітаємо в Заліку! 🎓\n\n' +
    'Тут можна придбати курсові, лабораторні та тести з оплатою з гаманця в гривнях.\n' +
    'Натисніть кнопку нижче, щоб відкрити застосунок.',
  startInvited:
    'Вітаємо в Заліку! 🎓\n\n' +
    'Вас запросив друг. Відкрийте застосунок кнопкою нижче, щоб запрошення зарахувалося.',
  openApp: 'Відкрити Залік',
  /** The button under a thread's notice: it opens that thread. */
  openThread: 'Відкрити переписку',
  banned: MSG.blocked,
  unbanned: 'Вас розблоковано. Ви знову можете користуватися застосунком.',
  paymentUnavailable: 'Не вдалося перевірити оплату. Спробуйте ще раз за хвилину.',
  /** pre_checkout_query refused: Telegram shows the reason to the payer. */
  checkoutUnknown: 'Цей рахунок не належить до ваших поповнень Заліку. Створіть нове поповнення в застосунку.',
  checkoutExpired: 'Час на оплату цього поповнення минув. Створіть нове поповнення в застосунку.',
  checkoutAmount: 'Сума рахунку не збігається із сумою поповнення. Створіть нове поповнення в застосунку.',
  checkoutPaid: 'Це поповнення вже оплачено. Щоб поповнити ще, створіть нове в застосунку.',
  /** /paysupport: Telegram's terms ask every bot that takes Stars to answer it. */
  paySupport:
    'Допомога з оплатою через Telegram Stars ⭐\n\n' +
    '• Якщо зірки списано, а гаманець не поповнився, або щось пішло не так — напишіть нам у розділі «Підтримка» ' +
    'застосунку (кнопка нижче): вкажіть дату, суму і, якщо є, номер поповнення.\n' +
    '• Повернення: адміністратор може повернути зірки за поповнення, кошти якого ще не витрачено. ' +
    'Зірки повертаються на ваш рахунок у Telegram, а сума поповнення списується з Загального гаманця.\n' +
    '• Поповнення, оплачене двічі або не знайдене, ми повертаємо автоматично.\n\n' +
    'Telegram не розглядає запити щодо покупок у ботах: з ними допомагаємо ми.',
} as const;

/** The support chat's copy of a message: who wrote it, so support can answer in Telegram. */
export function supportText(m: { id: number; telegramId: number; username: string; message: string }): string {
  return `Звернення №${m.id} від @${m.username} (ID ${m.telegramId}):\n\n${m.message}`;
}

const KYIV = new Intl.DateTimeFormat('uk-UA', { timeZone: KYIV_TIME_ZONE, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A moment in Kyiv time, as the bot says it: '22 листопада о 15:33'. */
export function kyivTime(d: Date): string {
  return KYIV.format(d);
}

/** `№12 «Курсова» (Вища математика)`: how every order message names its order. */
const named = (o: { orderId: number; taskTitle: string; subjectName: string }) => `№${o.orderId} «${o.taskTitle}» (${o.subjectName})`;
const toGeneral = (uah: number) => (uah > 0 ? ` ${formatUah(uah)} повернено на ваш Загальний гаманець.` : '');
const toDev = (uah: number) => (uah > 0 ? ` ${formatUah(uah)} зараховано на ваш Dev гаманець.` : '');

/** To the developer: a student bought their manual task. */
export function orderCreatedText(o: { orderId: number; taskTitle: string; subjectName: string; buyerUsername: string; deadlineAt?: Date | null }): string {
  const due = o.deadlineAt ? ` Виконати до ${kyivTime(o.deadlineAt)}.` : '';
  return `Нове замовлення №${o.orderId}: «${o.taskTitle}» (${o.subjectName}) від @${o.buyerUsername}.${due} Відкрийте панель розробника, щоб надіслати відповідь.`;
}

/**
 * To the buyer: the developer delivered (the files follow the text). The money waits in escrow
 * until the buyer accepts or the window ends.
 */
export function orderDeliveredText(o: { taskTitle: string; subjectName: string; message: string | null; acceptUntil?: Date | null }): string {
  const note = o.message ? `\n\nПовідомлення розробника:\n${o.message}` : '';
  const window = o.acceptUntil
    ? `\n\nПеревірте відповідь до ${kyivTime(o.acceptUntil)}: прийміть її, попросіть доопрацювання або відкрийте спір в історії покупок. ` +
      'Якщо нічого не обрати, замовлення завершиться і кошти отримає розробник.'
    : '';
  return `Ваше замовлення «${o.taskTitle}» (${o.subjectName}) виконано. Файли — нижче і в історії покупок.${note}${window}`;
}

/** To the developer: escrow paid them (the buyer accepted, or the acceptance window ended). */
export function orderReleasedText(o: { orderId: number; taskTitle: string; subjectName: string; earnedUah: number; how: 'ACCEPTED' | 'AUTO' }): string {
  const why = o.how === 'ACCEPTED' ? 'прийнято студентом' : 'завершено: час на перевірку минув';
  return `Замовлення ${named(o)} ${why}.${toDev(o.earnedUah)}`;
}

/** To the buyer: the acceptance window ended with no answer, so the order closed. */
export function orderAutoCompletedText(o: { orderId: number; taskTitle: string; subjectName: string }): string {
  return `Замовлення ${named(o)} завершено: час на перевірку минув, кошти передано розробнику. Файли залишаються в історії покупок.`;
}

/** To the developer: the buyer wants changes; the order is theirs again with a new deadline. */
export function orderRevisionText(o: { orderId: number; taskTitle: string; subjectName: string; comment: string; deadlineAt: Date; revisionsLeft: number }): string {
  return (
    `Студент просить доопрацювати замовлення ${named(o)}:\n${o.comment}\n\n` +
    `Новий строк: до ${kyivTime(o.deadlineAt)}. Ще доопрацювань можна попросити: ${o.revisionsLeft}. ` +
    'Надішліть нову відповідь у панелі розробника.'
  );
}

/** To the developer and every admin: the buyer opened a dispute; escrow holds the money. */
export function orderDisputedText(o: { orderId: number; taskTitle: string; subjectName: string; reason: string; forAdmin: boolean }): string {
  const next = o.forAdmin
    ? 'Вирішіть спір в адмін-панелі: виплатити розробнику або повернути кошти студенту.'
    : 'Кошти залишаються в резерві, доки адміністратор не вирішить спір.';
  return `За замовленням ${named(o)} студент відкрив спір:\n${o.reason}\n\n${next}`;
}

/** To the buyer or the developer: an admin decided the dispute. */
export function disputeResolvedText(o: {
  orderId: number;
  taskTitle: string;
  subjectName: string;
  outcome: 'RELEASE' | 'REFUND';
  to: 'buyer' | 'developer';
  uah: number;
}): string {
  const head = `Спір за замовленням ${named(o)} вирішено`;
  if (o.to === 'buyer') {
    return o.outcome === 'REFUND' ? `${head} на вашу користь.${toGeneral(o.uah)}` : `${head} на користь розробника: кошти передано розробнику.`;
  }
  return o.outcome === 'RELEASE' ? `${head} на вашу користь.${toDev(o.uah)}` : `${head} на користь студента: кошти повернено студенту.`;
}

/** To the buyer: the developer cancelled before delivering, with a reason. */
export function orderCancelledByDeveloperText(o: { orderId: number; taskTitle: string; subjectName: string; reason: string; priceUah: number }): string {
  const money = o.priceUah > 0 ? `\n${formatUah(o.priceUah)} повернено на ваш Загальний гаманець.` : '';
  return `Розробник скасував замовлення ${named(o)}.${o.reason ? `\nПричина: ${o.reason}` : ''}${money}`;
}

/** To the developer: the buyer cancelled an order past its deadline. */
export function orderCancelledByStudentText(o: { orderId: number; taskTitle: string; subjectName: string }): string {
  return `Студент скасував замовлення ${named(o)}: строк виконання минув, а відповіді не було. Кошти повернено студенту.`;
}

/** To the buyer or the developer: nothing was delivered long after the deadline, so the order was refunded. */
export function orderOverdueRefundedText(o: { orderId: number; taskTitle: string; subjectName: string; priceUah: number; to: 'buyer' | 'developer' }): string {
  return o.to === 'buyer'
    ? `Замовлення ${named(o)} не виконано вчасно, тож його скасовано.${toGeneral(o.priceUah)}`
    : `Замовлення ${named(o)} скасовано автоматично: відповідь не надіслано вчасно. Кошти повернено студенту.`;
}

/** To the developer: the deadline is near and nothing is delivered yet. */
export function orderReminderText(o: { orderId: number; taskTitle: string; subjectName: string; deadlineAt: Date }): string {
  return `Нагадування: замовлення ${named(o)} треба виконати до ${kyivTime(o.deadlineAt)}. Надішліть відповідь у панелі розробника.`;
}

/** To the buyer: an admin replaced the order's files (the new ones follow the text). */
export function orderFilesReplacedText(o: { orderId: number; taskTitle: string; subjectName: string }): string {
  return `Адміністратор оновив файли замовлення ${named(o)}. Нові файли — нижче і в історії покупок.`;
}

/** To the buyer: an admin cancelled an undelivered order and the money went back. */
export function orderRefundedText(o: { orderId: number; taskTitle: string; subjectName: string; priceUah: number }): string {
  const money = o.priceUah > 0 ? ` ${formatUah(o.priceUah)} повернено на ваш Загальний гаманець.` : '';
  return `Замовлення №${o.orderId} «${o.taskTitle}» (${o.subjectName}) скасовано.${money}`;
}

/** To the developer: an admin paid or rejected their withdrawal, or it timed out (with the reason). */
export function withdrawalResolvedText(w: {
  id: string;
  status: 'PAID' | 'REJECTED';
  amountUah: number;
  feeUah: number;
  payoutUah: number;
  card: string;
  crypto?: boolean;
  reason?: string | null;
}): string {
  if (w.status === 'PAID') {
    const where = w.crypto ? `на гаманець ${w.card}` : `на картку ${w.card}`;
    return `Заявку на виведення №${w.id} виконано: ${formatUah(w.payoutUah)} надіслано ${where} (комісія ${formatUah(w.feeUah)}).`;
  }
  const why = w.reason ? ` Причина: ${w.reason}` : '';
  const stop = why && !/[.!?]$/.test(why) ? '.' : '';
  return `Заявку на виведення №${w.id} на ${formatUah(w.amountUah)} відхилено.${why}${stop} Кошти повернено на ваш Dev гаманець.`;
}

/** To admins, once per few minutes: the requests made since the last notice, at most `shown` of them named. */
export function withdrawalsDigestText(list: { id: string; username: string; telegramId: string; amountUah: number }[], shown = 10): string {
  const total = list.reduce((sum, w) => sum + Math.round(w.amountUah * 100), 0) / 100;
  const lines = list.slice(0, shown).map((w) => `№${w.id} ${w.username ? `@${w.username}` : `ID ${w.telegramId}`}: ${formatUah(w.amountUah)}`);
  if (list.length > shown) lines.push(`…і ще ${list.length - shown}`);
  return [`Нові заявки на виведення: ${list.length} на ${formatUah(total)}.`, ...lines, 'Черга виплат — у панелі адміністратора.'].join('\n');
}

/** To admins: a request nobody handled fails by itself in `hoursLeft` hours. */
export function withdrawalDeadlineText(w: { id: string; username: string; telegramId: string; amountUah: number; hoursLeft: number }): string {
  const who = w.username ? `@${w.username}` : `ID ${w.telegramId}`;
  return `Заявку на виведення №${w.id} (${who}, ${formatUah(w.amountUah)}) ще ніхто не опрацював. Через ${w.hoursLeft} год її буде скасовано автоматично, а кошти повернено розробнику.`;
}

/** To the payer: a Stars top-up reached the general wallet. */
export function depositPaidText(d: { amountUah: number; balanceUah: number }): string {
  return `Гаманець поповнено на ${formatUah(d.amountUah)} (оплата через Telegram Stars). Баланс Загального гаманця: ${formatUah(d.balanceUah)}.`;
}

/** To the payer: a payment into the Monobank jar reached the general wallet (its code, when it named a top-up). */
export function bankDepositPaidText(d: { amountUah: number; balanceUah: number; code?: string }): string {
  const code = d.code ? `, код ${d.code}` : '';
  return `Гаманець поповнено на ${formatUah(d.amountUah)} (переказ на банку Monobank${code}). Баланс Загального гаманця: ${formatUah(d.balanceUah)}.`;
}

/** To the user: an admin's refund of a Stars top-up went through. */
export function depositRefundedText(d: { id: number; stars: number; amountUah: number }): string {
  return `Зірки за поповнення №${d.id} повернено: ${d.stars} ⭐ знову на вашому рахунку Telegram. З Загального гаманця списано ${formatUah(d.amountUah)}.`;
}

/** To the payer: a Stars payment that matched no top-up of theirs went back to them. */
export function starsReturnedText(d: { stars: number }): string {
  return `Платіж на ${d.stars} ⭐ не відповідав жодному вашому поповненню, тож ми його не зарахували і повернули зірки на ваш рахунок Telegram.`;
}

/** To a party of an order: unread messages in its thread (at most one such notice per order every few minutes). */
export function threadNoticeText(o: { orderId: number; taskTitle: string; subjectName: string; count: number }): string {
  return `💬 ${newMessagesText(o.count)} у замовленні ${named(o)}.`;
}
