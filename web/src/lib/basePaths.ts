/**
 * The app's paths outside the admin panel (docs/WEB.md, "App paths"): the shell, the tasks tab
 * with its catalogue editors, buying, wallet, invitation and settings. The first screen's graph
 * (route tables, navigation, back button) reads this table; screens read lib/paths.ts, which is
 * this table plus the admin panel's, so the admin panel's paths never ship with the first screen.
 */
export const enc = encodeURIComponent;

/** A builder that carries its route pattern. */
export const at = <A extends unknown[]>(pattern: string, build: (...args: A) => string) => Object.assign(build, { pattern });

const subject = (subjectId: string) => `/list-task/${enc(subjectId)}`;

export type BuyingKind = 'buying-task' | 'buying-test';
export type TaskFormMode = 'add' | 'edit';

export const basePaths = {
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

  /** A task author's profile, from the creator's name on a task card and on the buying screen (inside the list area, so the list's filters stay). */
  author: at('/list-task/author/:telegramId', (telegramId: string) => `/list-task/author/${enc(telegramId)}`),

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
      /** The edit form: the teacher the task moves to. */
      chooseTeacher: 'choose-teacher',
      /** The edit form of an auto-generated task: its template from the library. */
      chooseTemplate: 'choose-template',
      giveDiscount: 'give-discount',
      /** Under give-discount. */
      chooseUser: 'choose-user',
    },
  },

  /**
   * An order's thread with its developer and support, from the history, the dev panel, disputes
   * and the bot's notice; under the settings tab, where the history and the dev panel are.
   */
  thread: at('/settings/chat/:orderId', (orderId: string) => `/settings/chat/${enc(orderId)}`),
  /** Only a prefix of the threads' paths, never a screen (going up from a thread lands on settings). */
  threadArea: '/settings/chat',

  /** An order's tutor chat ("Пояснення"), from the result screen and the history. */
  explanation: at('/explanation/:sessionId', (sessionId: string) => `/explanation/${enc(sessionId)}`),

  // --- wallet tab ---
  wallet: {
    root: '/wallet',
    /** The top-up sheet over the wallet (a child route of /wallet). */
    deposit: '/wallet/deposit',
    withdraw: '/wallet/withdraw',
    /** Saved payout details (a card or a crypto address), reached from the withdraw screen. */
    payoutDetails: '/wallet/withdraw/details',
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
} as const;
