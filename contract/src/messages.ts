/**
 * Every Ukrainian text that crosses the wire or that two packages show.
 * The spec's exact strings come first; the rest are ours, written in the same voice.
 */
export const MSG = {
  // spec, sections 5 and 8
  tokenExpired: 'Термін дії JWT-токену сплив.',
  usernameRequired: 'Поставте нікнейм перед покупкою завдання.',
  argumentEmpty: 'Введіть коректний аргумент. Аргумент не може бути пустим',
  courseOne: 'Будь ласка, оберіть лише один курс.',
  teacherOne: 'Будь ласка, оберіть лише одного викладача.',
  developerOne: 'Розробник повинен бути лише один',
  withdrawEmpty: 'Поля вводу не можуть бути пустими!',
  supportFileTooBig: 'Файл не може важити більше 5 мегабайтів',
  supportTooManyFiles: 'Ви не можете завантажити більше трьох файлів',
  subjectName: 'Поля вводу не можуть бути пустими',
  nameLength: 'Введіть коректну назву. Назва має бути довжиною від 1 до 50 символів',
  roleOne: 'Виберіть лише одну роль, яку ви хочете змінити',
  discountCount: 'Кількість знижок має бути більше 1',
  fallbackAdd: 'Помилка при додаванні предмета',
  fallbackDelete: 'Помилка при видаленні завдання',
  fallbackArgument: 'Помилка при створення аргумента',
  copyOk: 'Посилання успішно скопійовано!',
  copyFail: 'Не вдалося скопіювати посилання',
  emptyTasks: 'Немає завдань',
  emptyHistory: 'Історії ще немає',
  emptyReferrals: 'Рефералів ще немає',
  emptyOrders: 'Немає замовлень',
  blocked: 'Вас заблоковано за порушення правил бота.',
  confirmTitle: 'Підтвердіть дію',
  confirmText: 'Будьте уважні, ваша дія може бути незворотньою',

  // ours: auth and access
  initDataMissing: 'Відсутні дані ініціалізації Telegram.',
  initDataInvalid: 'Дані ініціалізації Telegram недійсні.',
  initDataExpired: 'Дані ініціалізації Telegram застаріли. Відкрийте застосунок знову.',
  initDataNoUser: 'У даних ініціалізації Telegram немає користувача.',
  tokenMissing: 'Потрібна авторизація.',
  tokenInvalid: 'Недійсний токен авторизації.',
  forbidden: 'Недостатньо прав для цієї дії.',
  banned: 'Ваш акаунт заблоковано.',
  selfBan: 'Адміністратор не може заблокувати себе.',

  // ours: generic request errors
  notFound: 'Не знайдено.',
  routeNotFound: 'Такої адреси не існує.',
  badJson: 'Некоректний JSON у тілі запиту.',
  badRequest: 'Некоректний запит.',
  badContentType: 'Непідтримуваний тип вмісту запиту.',
  bodyTooLarge: 'Запит завеликий.',
  tooManyRequests: 'Забагато запитів. Спробуйте трохи пізніше.',
  internal: 'Сталася помилка на сервері. Спробуйте пізніше.',
  unavailable: 'Сервіс тимчасово недоступний. Спробуйте ще раз за хвилину.',
  maintenance: 'Zalik оновлюється. Зовсім скоро все знову працюватиме — спробуйте трохи згодом.',
  maintenanceEnabled: 'Вкажіть, чи ввімкнути технічне обслуговування (true або false).',
  maintenanceMessageTooLong: 'Повідомлення про технічне обслуговування не може бути довшим за 500 символів.',
  invalidField: (field: string) => `Некоректне значення поля «${field}».`,
  requiredField: (field: string) => `Поле «${field}» обов’язкове.`,

  // ours: users
  courseRange: 'Номер курсу має бути від 1 до 4.',
  userNotFound: 'Користувача не знайдено.',
  roleUnknown: 'Невідома роль.',

  // ours: catalogue
  subjectNotFound: 'Предмет не знайдено.',
  teacherNotFound: 'Викладача не знайдено.',
  argumentNotFound: 'Аргумент не знайдено.',
  taskNotFound: 'Завдання не знайдено.',
  taskTitle: 'Назва завдання має бути довжиною від 1 до 255 символів.',
  priceInvalid: 'Ціна має бути цілим додатним числом гривень.',
  taskTypeInvalid: 'Оберіть тип завдання: REGULAR або TEST.',
  developerNotDeveloper: 'Обраний користувач не має ролі розробника.',
  argumentsUnknown: 'Обрано аргументи, яких не існує.',
  argumentInUse: 'Аргумент використовується у завданнях, його не можна видалити.',
  newsInvalid: 'Заповніть заголовок і текст новини.',
  faqInvalid: 'Заповніть питання і відповідь.',
  argumentsDuplicate: 'Один аргумент не можна додати до завдання двічі.',
  newsNotFound: 'Новину не знайдено.',
  faqNotFound: 'Питання не знайдено.',
  subjectDuplicate: 'Предмет з такою назвою вже є на цьому курсі.',
  teacherDuplicate: 'Такий викладач уже є в цьому предметі.',
  generatorUnknown: (known: string[]) =>
    `Невідомий ідентифікатор генератора. Для автоматичного завдання вкажіть один із: ${known.join(', ') || '(немає доступних генераторів)'}.`,

  // ours: money
  insufficientFunds: 'Недостатньо коштів на балансі. Поповніть гаманець.',
  amountInvalid: 'Сума має бути додатним числом гривень (не більше двох знаків після коми).',
  cardInvalid: 'Некоректний номер картки.',
  withdrawTooSmall: 'Сума виведення замала: після комісії на картку не надійде нічого.',
  notDeveloper: 'Виведення доступне лише розробникам.',
  withdrawalNotFound: 'Заявку на виведення не знайдено.',
  withdrawalResolved: 'Цю заявку вже опрацьовано.',
  withdrawalStatus: 'Оберіть статус заявки: PAID або REJECTED.',
  withdrawInsufficient: 'Недостатньо коштів на гаманці розробника.',
  amountTooLarge: (maxUah: number) => `Сума не може перевищувати ${maxUah} грн за один раз.`,
  depositTooSmall: (minUah: number) => `Мінімальна сума поповнення — ${minUah} грн.`,
  depositProvider: 'Оберіть спосіб поповнення: TELEGRAM_STARS або MONOBANK.',
  depositTooManyOpen: (max: number) =>
    `У вас уже ${max} незавершених поповнень. Оплатіть одне з них або зачекайте, поки воно скінчиться.`,
  depositNotFound: 'Поповнення не знайдено.',
  depositStarsUnavailable: 'Оплата зірками Telegram зараз недоступна. Спробуйте пізніше або оберіть картку.',
  depositNotRefundable: 'Повернути можна лише оплачене зірками поповнення, яке ще не повернуто.',
  depositRefundSpent: 'Повернення неможливе: частину цих коштів уже витрачено.',
  depositRefundFailed: 'Telegram не виконав повернення зірок. Кошти не списано, спробуйте ще раз.',
  depositRefundPending:
    'Telegram не відповів. Кошти списано з гаманця, а повернення зірок завершиться автоматично, щойно Telegram відповість.',
  bankPaymentNotFound: 'Банківський платіж не знайдено.',
  bankPaymentTaken: 'Цей платіж уже зараховано.',
  idempotencyKeyReused: 'Цей ключ ідемпотентності вже використано для іншого запиту.',
  pageInvalid: 'Номер сторінки має бути цілим числом від 0.',
  limitInvalid: 'Розмір сторінки має бути цілим числом від 1 до 50.',
  taskHidden: 'Це завдання зараз недоступне.',
  argumentsCount: 'Кількість аргументів не відповідає завданню.',
  idempotencyKeyInvalid: 'Некоректний ключ ідемпотентності.',
  purchaseInProgress: 'Ця покупка вже обробляється. Зачекайте кілька секунд.',
  generationFailed: 'Не вдалося згенерувати відповідь. Гроші не списано, спробуйте ще раз.',

  // ours: fulfilment
  orderNotFound: 'Замовлення не знайдено.',
  orderNotYours: 'Це замовлення призначене іншому розробнику.',
  orderClosed: 'Це замовлення вже завершено.',
  filesRequired: 'Додайте хоча б один файл.',
  tooManyOrderFiles: 'Можна надіслати не більше 10 файлів.',
  orderFileTooBig: 'Файл не може важити більше 20 мегабайтів.',
  templateRequired: 'Завантажте DOCX-шаблон.',
  templateInvalid: (why: string) => `Шаблон містить помилку: ${why}`,
  templateNotDocx: 'Шаблон має бути файлом DOCX.',
  templateTags: (missing: string[], extra: string[]) =>
    [
      missing.length ? `У шаблоні бракує тегів: ${missing.join(', ')}.` : '',
      extra.length ? `Зайві теги в шаблоні: ${extra.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  templateMissingForTask: 'Для цього завдання ще не завантажено шаблон.',
  linkInvalid: 'Посилання недійсне або застаріло.',
  fileNotFound: 'Файл не знайдено.',
  fileTypeUnsupported: 'Такий тип файлу не підтримується.',
  orderAccepted: 'Замовлення прийнято. Розробник надішле відповідь у бот, а файли з’являться в історії покупок.',
  orderMessageTooLong: 'Повідомлення має бути не довшим за 2000 символів.',
  templateTooBig: 'Шаблон не може важити більше 10 мегабайтів.',
  templateUnpackedTooBig:
    'Шаблон містить помилку: розпакований документ завеликий (понад 10 мегабайтів). Шаблону курсової вистачає набагато менше: приберіть зайве, наприклад великі зображення.',
  templateTooManyTags: 'Шаблон містить помилку: забагато тегів (понад 1000).',
  templateCheckFailed: 'Не вдалося перевірити шаблон: він завеликий або заскладний. Спростіть документ і спробуйте ще раз.',
  templateOutdated: 'Шаблон цього завдання не відповідає його аргументам. Гроші не списано, спробуйте пізніше.',
  templateUnsupportedTag: (tag: string) => `тег «${tag}» не підтримується (дозволені лише {назва} і цикл {#answers}…{/answers})`,
  onlyTemplateOwner: 'Шаблон може завантажити лише адміністратор або розробник завдання.',

  // ours: community
  claimUnavailable: 'Бонус поки недоступний.',
  discountValue: 'Знижка має бути від 1 до 100 відсотків (0 — прибрати знижку).',
  discountUserRequired: 'Для персональної знижки оберіть користувача.',
  supportMessageEmpty: 'Напишіть повідомлення.',
  supportMessageTooLong: (max: number) => `Повідомлення задовге: не більше ${max} символів.`,
  claimTaken: 'Бонус уже отримано.',

  // ours: dashboard
  dashboardPeriod: 'Оберіть період: сьогодні, 7 або 30 днів.',
  exportKind: 'Оберіть, що вивантажити: перекази або замовлення.',
  exportDate: 'Вкажіть дату у форматі РРРР-ММ-ДД.',
  exportRange: 'Дата початку не може бути пізнішою за дату кінця.',

  // ours: web client shell
  openInTelegram: 'Відкрийте застосунок у Telegram',
  appLoadFailed: 'Не вдалося завантажити застосунок. Спробуйте ще раз.',
  networkError: 'Немає з’єднання з сервером. Перевірте інтернет і спробуйте ще раз.',
} as const;
