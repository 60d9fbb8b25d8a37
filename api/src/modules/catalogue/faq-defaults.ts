/**
 * The questions every installation's FAQ answers from its first start: paying in Telegram Stars,
 * asking for a revision and opening a dispute are Zalik's own rules, which students meet nowhere
 * else. Migration 0080 schedules the job that adds those missing (jobs.ts); admins edit or delete
 * them like any other entry, and the demo's FAQ holds them among its own.
 */
export const FAQ_DEFAULTS: readonly { question: string; answer: string }[] = [
  {
    question: 'Що таке Telegram Stars?',
    answer:
      'Це зірки — внутрішня валюта Telegram, яку купують у самому Telegram. Поповнення зірками оплачується у вікні Telegram, а гаманець Заліку одразу поповнюється в гривнях за курсом, указаним перед оплатою.',
  },
  {
    question: 'Що робити, якщо робота виконана не так?',
    answer:
      'Поки замовлення чекає на ваше прийняття, відкрийте його в «Історії завдань» і натисніть «Доопрацювати»: опишіть, що виправити, і розробник надішле нову версію. ' +
      'Доки ви не прийняли роботу, гроші утримуються і розробнику не виплачуються; якщо нічого не зробити до кінця строку прийняття, робота вважається прийнятою.',
  },
  {
    question: 'Як відкрити спір?',
    answer:
      'Якщо доопрацювання не допомогло, у замовленні в «Історії завдань» натисніть «Відкрити спір» і опишіть причину. Адміністратор розгляне переписку та файли ' +
      'і вирішить: виплатити гроші розробнику або повернути їх вам на Загальний гаманець.',
  },
];
