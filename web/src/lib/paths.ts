/**
 * Every path of the app, one place: a screen's route pattern (`.pattern`, for the route tables in
 * screens/<area>/routes.tsx) beside the builder that links to it, so a link can never drift from
 * its route. A static path is its own pattern. Ids are encoded; queries are the fallback a
 * screen reads after a reload (navigation state is lost then).
 */
const enc = encodeURIComponent;

/** A builder that carries its route pattern. */
const at = <A extends unknown[]>(pattern: string, build: (...args: A) => string) => Object.assign(build, { pattern });

const subject = (subjectId: string) => `/list-task/${enc(subjectId)}`;
const adminPanel = '/settings/admin-panel';
const profile = `${adminPanel}/profile`;

export type BuyingKind = 'buying-task' | 'buying-test';
export type TaskFormMode = 'add' | 'edit';

export const paths = {
  home: '/',
  loading: '/loading',
  chooseCourse: '/choose-course',
  rules: '/rules',

  // --- tasks tab: a subject's task list and its filter pickers (`:subjectID`) ---
  /** Every path under a subject's list or a task form (the filters live while the admin is in there). */
  listArea: '/list-task',
  subject: at('/list-task/:subjectID', subject),
  chooseTeacher: at('/list-task/:subjectID/choose-teacher', (subjectId: string) => `${subject(subjectId)}/choose-teacher`),
  chooseCreator: at('/list-task/:subjectID/choose-creator', (subjectId: string) => `${subject(subjectId)}/choose-creator`),
  choosePrice: at('/list-task/:subjectID/choose-price', (subjectId: string) => `${subject(subjectId)}/choose-price`),

  // --- buying (`:subjectId`): the task comes in navigation state, `?taskId=` after a reload ---
  buyTask: at('/list-task/:subjectId/buying-task', (subjectId: string, taskId: string) => `${subject(subjectId)}/buying-task?taskId=${enc(taskId)}`),
  buyTest: at('/list-task/:subjectId/buying-test', (subjectId: string, taskId: string) => `${subject(subjectId)}/buying-test?taskId=${enc(taskId)}`),
  buyingResult: {
    task: '/list-task/:subjectId/buying-task/buying-result',
    test: '/list-task/:subjectId/buying-test/buying-result',
    to: (subjectId: string, kind: BuyingKind) => `${subject(subjectId)}/${kind}/buying-result`,
  },

  // --- catalogue editors (admins) ---
  addSubject: '/add-subject',
  editSubject: '/edit-subject',
  addTeacher: at('/list-task/:subjectId/choose-teacher/add-teacher', (subjectId: string) => `${subject(subjectId)}/choose-teacher/add-teacher`),
  editTeacher: at(
    '/list-task/:subjectId/choose-teacher/edit-teacher',
    (subjectId: string, teacherId: string) => `${subject(subjectId)}/choose-teacher/edit-teacher?teacherId=${enc(teacherId)}`,
  ),
  /** The add-task and edit-task forms; their pickers are child routes (relative paths). */
  taskForm: {
    add: '/list-task/add-task/:subjectId',
    edit: '/list-task/edit-task/:subjectId',
    /** Only a prefix of the form's paths, never a screen. */
    root: (mode: TaskFormMode) => `/list-task/${mode}-task`,
    /** The form's own path, without a query (its drafts live while the admin is under it). */
    base: (mode: TaskFormMode, subjectId: string) => `/list-task/${mode}-task/${enc(subjectId)}`,
    toAdd: (subjectId: string, teacherId: string) => `/list-task/add-task/${enc(subjectId)}?teacherId=${enc(teacherId)}`,
    toEdit: (subjectId: string, taskId: string) => `/list-task/edit-task/${enc(subjectId)}?taskId=${enc(taskId)}`,
    /** Its pickers: child routes, each segment relative to the screen that links to it. */
    step: {
      chooseArgument: 'choose-argument',
      /** Under choose-argument. */
      addArgument: 'add-argument',
      /** Under choose-argument; `?argumentId=`. */
      editArgument: 'edit-argument',
      chooseDeveloper: 'choose-developer',
      chooseType: 'choose-type',
      giveDiscount: 'give-discount',
      /** Under give-discount. */
      chooseUser: 'choose-user',
    },
  },

  // --- wallet tab ---
  wallet: {
    root: '/wallet',
    /** The top-up sheet over the wallet (a child route of /wallet). */
    deposit: '/wallet/deposit',
    withdraw: '/wallet/withdraw',
  },

  // --- invitation tab ---
  invitation: { root: '/invitation', invite: '/invitation/invite' },

  // --- settings tab ---
  settings: {
    root: '/settings',
    rules: '/settings/rules',
    history: '/settings/history-task',
    support: '/settings/support',
    devPanel: '/settings/dev-panel',
    privacy: '/settings/privacy',
  },

  // --- admin panel (`?telegramId=` names the user) ---
  admin: {
    root: adminPanel,
    users: profile,
    user: at(`${profile}/user`, (telegramId: string) => `${profile}/user?telegramId=${enc(telegramId)}`),
    giveRole: at(`${profile}/give-role`, (telegramId: string) => `${profile}/give-role?telegramId=${enc(telegramId)}`),
    wallet: at(`${profile}/wallet`, (telegramId: string) => `${profile}/wallet?telegramId=${enc(telegramId)}`),
    history: at(`${profile}/history-task`, (telegramId: string) => `${profile}/history-task?telegramId=${enc(telegramId)}`),
    withdrawals: `${adminPanel}/withdrawals`,
    deposits: `${adminPanel}/deposits`,
    bankPayments: `${adminPanel}/bank-payments`,
    disputes: `${adminPanel}/disputes`,
    faq: `${adminPanel}/faq`,
    faqForm: `${adminPanel}/faq/edit`,
    news: `${adminPanel}/news`,
    newsForm: `${adminPanel}/news/edit`,
    maintenance: `${adminPanel}/maintenance`,
    dashboard: `${adminPanel}/dashboard`,
    broadcasts: `${adminPanel}/broadcasts`,
    newBroadcast: `${adminPanel}/broadcasts/new`,
    broadcast: at(`${adminPanel}/broadcasts/view`, (id: string) => `${adminPanel}/broadcasts/view?id=${enc(id)}`),
    discounts: `${adminPanel}/discounts`,
    discountNew: `${adminPanel}/discounts/new`,
    discount: at(`${adminPanel}/discounts/edit`, (id: string) => `${adminPanel}/discounts/edit?id=${enc(id)}`),
  },
} as const;
