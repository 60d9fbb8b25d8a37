import { COURSES, MSG, type CourseNumber } from '@zalik/contract';

/** Spec, section 5: exactly one course, else 'Будь ласка, оберіть лише один курс.'. */
export function validateCourseChoice(selected: readonly number[]): { ok: true; course: CourseNumber } | { ok: false; message: string } {
  const valid = selected.filter((c): c is CourseNumber => (COURSES as readonly number[]).includes(c));
  if (valid.length !== 1 || selected.length !== 1) return { ok: false, message: MSG.courseOne };
  return { ok: true, course: valid[0]! };
}

/** The choice survives a visit to /rules and back (sessionStorage, this tab only). */
const KEY = 'zalik.onboarding';

export interface OnboardingDraft {
  selected: number[];
  agreed: boolean;
}

export function loadDraft(): OnboardingDraft {
  try {
    const d = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<OnboardingDraft> | null;
    return { selected: Array.isArray(d?.selected) ? d.selected.filter(Number.isInteger) : [], agreed: d?.agreed === true };
  } catch {
    return { selected: [], agreed: false };
  }
}

export function saveDraft(d: OnboardingDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify(d));
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY);
}
