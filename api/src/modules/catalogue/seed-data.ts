import { FAQ_DEFAULTS } from './faq-defaults.js';

/**
 * The demo catalogue: what a newcomer browses in demo mode. Realistic enough to try every
 * filter (several teachers, prices from 40 to 450 грн, auto and manual, REGULAR and TEST).
 */

/** Keys of DEMO_ARGUMENTS, so task specs can name them. */
export type ArgKey = 'student' | 'group' | 'variant' | 'topic' | 'question' | 'language';

export const DEMO_ARGUMENTS: Record<ArgKey, { name: string; description: string }> = {
  student: { name: 'ПІБ студента', description: 'Прізвище та ініціали' },
  group: { name: 'Група', description: 'Наприклад, КН-21' },
  variant: { name: 'Варіант', description: 'Номер варіанта' },
  topic: { name: 'Тема', description: 'Тема роботи, як у методичці' },
  question: { name: 'Питання', description: 'Текст питання разом із варіантами' },
  language: { name: 'Мова програмування', description: 'Наприклад, Python або C#' },
};

export type WorkKind = 'auto' | 'manual' | 'test';

export interface WorkSpec {
  title: string;
  kind: WorkKind;
  price: number;
  /** Extra arguments after the kind's usual ones. */
  extra?: ArgKey[];
  /** Only on the first teacher's copy: a draft hidden from students, to show admins the eye icon. */
  hidden?: boolean;
  /** Only on the first teacher's copy: a GLOBAL discount in percent, to show the struck-through price. */
  discount?: number;
}

export interface SubjectSpec {
  name: string;
  course: 1 | 2 | 3 | 4;
  teachers: string[];
  /** The first teacher gets every work; each next one two fewer (at least three), a little dearer. */
  works: WorkSpec[];
}

export const KIND_ARGS: Record<WorkKind, ArgKey[]> = {
  auto: ['student', 'group', 'variant'],
  manual: ['student', 'group', 'topic'],
  test: ['question'],
};

export const KIND_DESCRIPTION: Record<WorkKind, string> = {
  auto: 'Звіт у форматі DOCX з титульною сторінкою та розв’язком вашого варіанта. Файл формується одразу після оплати.',
  manual: 'Розробник виконає роботу за вашою темою до кінця терміну виконання і надішле файли прямо в бот. Якщо щось незрозуміло — він напише вам.',
  test: 'Надішліть питання тесту разом із варіантами відповідей — розробник відповість на кожне протягом доби.',
};

const lab = (n: number, price: number, extra?: ArgKey[]): WorkSpec => ({ title: `Лабораторна робота №${n}`, kind: 'auto', price, extra });

export const DEMO_SUBJECTS: SubjectSpec[] = [
  {
    name: 'Вища математика', course: 1, teachers: ['Петренко О. В.', 'Коваленко Н. С.'],
    works: [
      { title: 'Розрахункова робота: границі та похідні', kind: 'auto', price: 120 },
      { title: 'Розрахункова робота: інтеграли', kind: 'auto', price: 150, discount: 20 },
      { title: 'Контрольна робота з лінійної алгебри', kind: 'manual', price: 200 },
      { title: 'Модульний тест: диференціальне числення', kind: 'test', price: 90 },
      { title: 'Індивідуальне завдання: ряди', kind: 'manual', price: 250, hidden: true },
    ],
  },
  {
    name: 'Програмування', course: 1, teachers: ['Шевченко А. М.', 'Бондар І. П.', 'Мельник Т. О.'],
    works: [
      lab(1, 80, ['language']), lab(2, 90, ['language']), lab(3, 110, ['language']),
      { title: 'Курсова робота: консольний застосунок', kind: 'manual', price: 450, extra: ['language'] },
      { title: 'Тест: основи алгоритмізації', kind: 'test', price: 60 },
      { title: 'Практична робота: рекурсія', kind: 'manual', price: 140 },
    ],
  },
  {
    name: 'Фізика', course: 1, teachers: ['Гончаренко В. Л.'],
    works: [lab(1, 70), lab(2, 70), { title: 'Контрольна робота: механіка', kind: 'manual', price: 180 }, { title: 'Тест: електрика та магнетизм', kind: 'test', price: 50 }],
  },
  {
    name: 'Англійська мова', course: 1, teachers: ['Кравчук О. І.', 'Лисенко М. Р.'],
    works: [
      { title: 'Есе: My Future Profession', kind: 'manual', price: 100 },
      { title: 'Переклад технічного тексту', kind: 'manual', price: 130 },
      { title: 'Граматичний тест: Present Perfect', kind: 'test', price: 40 },
      { title: 'Тест: лексика IT-сфери', kind: 'test', price: 45 },
    ],
  },
  {
    name: 'Бази даних', course: 2, teachers: ['Ткаченко С. Ю.', 'Олійник Д. В.'],
    works: [
      lab(1, 100), lab(2, 110), lab(3, 120),
      { title: 'Курсова робота: проєктування бази даних', kind: 'manual', price: 420, extra: ['topic'] },
      { title: 'Тест: SQL-запити', kind: 'test', price: 70 },
    ],
  },
  {
    name: 'Дискретна математика', course: 2, teachers: ['Савченко Р. Г.'],
    works: [lab(1, 90), lab(2, 95), { title: 'Контрольна робота: теорія графів', kind: 'manual', price: 190 }, { title: 'Тест: булеві функції', kind: 'test', price: 55 }],
  },
  {
    name: 'Економіка', course: 2, teachers: ['Руденко Л. А.', 'Марченко Ю. О.'],
    works: [
      { title: 'Реферат', kind: 'manual', price: 110 },
      { title: 'Практична робота: попит і пропозиція', kind: 'auto', price: 85 },
      { title: 'Тест: макроекономіка', kind: 'test', price: 50 },
      { title: 'Розрахункова робота: собівартість продукції', kind: 'auto', price: 130 },
    ],
  },
  {
    name: 'Об’єктно-орієнтоване програмування', course: 2, teachers: ['Шевченко А. М.', 'Захарченко В. В.'],
    works: [lab(1, 110, ['language']), lab(2, 120, ['language']), lab(3, 130, ['language']), { title: 'Курсова робота: застосунок з GUI', kind: 'manual', price: 450, extra: ['language'] }, { title: 'Тест: принципи SOLID', kind: 'test', price: 65 }],
  },
  {
    name: 'Комп’ютерні мережі', course: 3, teachers: ['Павленко Є. С.', 'Кузьменко О. Д.'],
    works: [lab(1, 110), lab(2, 120), { title: 'Розрахункова робота: адресація IPv4', kind: 'auto', price: 140 }, { title: 'Тест: модель OSI', kind: 'test', price: 60 }],
  },
  {
    name: 'Операційні системи', course: 3, teachers: ['Литвиненко Г. М.'],
    works: [lab(1, 120), lab(2, 120), lab(3, 140), { title: 'Реферат: планування процесів', kind: 'manual', price: 160 }, { title: 'Тест: керування пам’яттю', kind: 'test', price: 60 }],
  },
  {
    name: 'Теорія ймовірностей', course: 3, teachers: ['Петренко О. В.', 'Білик С. А.'],
    works: [
      { title: 'Розрахункова робота: випадкові величини', kind: 'auto', price: 130 },
      { title: 'Контрольна робота: математична статистика', kind: 'manual', price: 210 },
      { title: 'Тест: класична ймовірність', kind: 'test', price: 50 },
      { title: 'Індивідуальне завдання: регресійний аналіз', kind: 'manual', price: 260 },
    ],
  },
  {
    name: 'Веб-технології', course: 3, teachers: ['Мороз К. В.', 'Бондар І. П.'],
    works: [lab(1, 100), lab(2, 110), { title: 'Курсова робота: вебзастосунок', kind: 'manual', price: 450 }, { title: 'Тест: HTML і CSS', kind: 'test', price: 45 }],
  },
  {
    name: 'Проєктування програмних систем', course: 4, teachers: ['Захарченко В. В.'],
    works: [
      { title: 'Практична робота: UML-діаграми', kind: 'auto', price: 150 },
      { title: 'Практична робота: патерни проєктування', kind: 'manual', price: 220 },
      { title: 'Тест: архітектурні стилі', kind: 'test', price: 70 },
      { title: 'Технічне завдання на програмний продукт', kind: 'manual', price: 300, extra: ['topic'] },
    ],
  },
  {
    name: 'Штучний інтелект', course: 4, teachers: ['Романенко І. Б.', 'Кравець А. Ф.'],
    works: [lab(1, 150, ['language']), lab(2, 160, ['language']), { title: 'Курсова робота: нейронна мережа', kind: 'manual', price: 450 }, { title: 'Тест: машинне навчання', kind: 'test', price: 80 }],
  },
  {
    name: 'Кібербезпека', course: 4, teachers: ['Данилюк П. О.'],
    works: [lab(1, 130), lab(2, 140), { title: 'Реферат: соціальна інженерія', kind: 'manual', price: 150 }, { title: 'Тест: криптографія', kind: 'test', price: 70 }],
  },
  {
    name: 'Менеджмент ІТ-проєктів', course: 4, teachers: ['Руденко Л. А.', 'Тимошенко Н. В.'],
    works: [
      { title: 'Практична робота: діаграма Ганта', kind: 'auto', price: 110 },
      { title: 'Есе: гнучкі методології', kind: 'manual', price: 120 },
      { title: 'Тест: Scrum', kind: 'test', price: 55 },
    ],
  },
];

export const DEMO_NEWS = [
  {
    title: 'Ласкаво просимо до Заліку!',
    text: 'Оберіть курс і предмет, відфільтруйте завдання за викладачем, автором чи ціною — і отримайте готову роботу прямо в Telegram.',
    animation: 'news-books',
  },
  {
    title: 'Готово за хвилину',
    text: 'Завдання з позначкою автогенерації виконуються миттєво: вкажіть ПІБ, групу й варіант — і завантажте готовий DOCX одразу після оплати.',
    animation: 'news-rocket',
  },
];

export const DEMO_FAQ = [
  {
    question: 'Як поповнити гаманець?',
    answer:
      'Відкрийте «Гаманець» → «Поповнити» й оберіть спосіб: карткою Visa або Mastercard (у гривнях, за посиланням на банку) чи через Telegram Stars. ' +
      'Мінімальне поповнення — 100 грн.',
  },
  ...FAQ_DEFAULTS,
  {
    question: 'Коли я отримаю виконане завдання?',
    answer: 'Завдання з автогенерацією готові одразу після оплати — файл з’явиться на екрані результату та в історії. Інші завдання розробник виконує вручну й надсилає файли в бот; строк указано в описі завдання.',
  },
  {
    question: 'Де знайти куплені роботи?',
    answer: 'У «Налаштуваннях» → «Історія завдань». Там зберігаються всі покупки, а файли можна завантажити повторно будь-коли.',
  },
  {
    question: 'Навіщо потрібен нікнейм у Telegram?',
    answer: 'Щоб розробник міг зв’язатися з вами щодо замовлення. Без нікнейма купити завдання, поповнити гаманець чи написати в підтримку не вийде — задайте його в налаштуваннях Telegram.',
  },
  {
    question: 'Як отримати бонус за запрошення?',
    answer: 'Поділіться своїм посиланням у розділі «Запрошення». Коли троє запрошених друзів витратять щонайменше по 100 грн, ви зможете забрати бонус 100 грн на свій гаманець.',
  },
  {
    question: 'Що робити, якщо з замовленням щось не так?',
    answer: 'Напишіть у «Підтримку» з розділу «Налаштування» і додайте до трьох файлів (до 5 МБ кожен). Ми розберемося й відповімо в боті.',
  },
];
