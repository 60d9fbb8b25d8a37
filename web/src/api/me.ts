import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpoints as ep, type Role } from '@zalik/contract';
import { call } from './client';
import { baseKeys } from './baseKeys';

/**
 * The signed-in user's course: 0 until chosen, then 1-4. The AuthGate seeds it from the
 * sign-in's answer (AuthAnswer.courseNumber), so normally this never calls the server.
 */
export function useCourse() {
  return useQuery({
    queryKey: baseKeys.course(),
    queryFn: () => call(ep.myCourse, {}),
    staleTime: Infinity,
    // The AuthGate shows a failure screen with a retry instead of the banner.
    meta: { silent: true },
  });
}

export interface Me {
  telegramId: string;
  username: string;
  firstName: string;
  lastName: string;
  photoUrl: string;
  roles: readonly Role[];
  isAdmin: boolean;
  isDeveloper: boolean;
}

/** Provided by the AuthGate once signed in; screens read it with useMe(). */
export const MeContext = createContext<Me | null>(null);

/** The signed-in user (token roles + Telegram profile). Only for UI decisions: the server decides access. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe() outside the AuthGate');
  return me;
}
