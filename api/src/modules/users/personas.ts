import type { Persona } from '@zalik/contract';

/** The three demo accounts a newcomer can switch between. */
export const PERSONAS: readonly (Persona & { lastName: string })[] = [
  { telegramId: '100001', username: 'student_demo', firstName: 'Олена', lastName: 'Студентка', role: 'ROLE_USER' },
  { telegramId: '100002', username: 'dev_demo', firstName: 'Тарас', lastName: 'Розробник', role: 'ROLE_DEVELOPER' },
  { telegramId: '100003', username: 'admin_demo', firstName: 'Ірина', lastName: 'Адміністраторка', role: 'ROLE_ADMIN' },
];
