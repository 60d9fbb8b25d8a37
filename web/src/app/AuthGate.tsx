import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG, type JwtClaims } from '@zalik/contract';
import { signIn, subscribeSession } from '../api/auth';
import { ApiError } from '../api/errors';
import { MeContext, useCourse, type Me } from '../api/me';
import { getTelegramUser } from '../telegram/sdk';
import { FullScreenSpinner } from '../ui';
import { BlockedScreen } from '../screens/blocked/BlockedScreen';
import { ChooseCourseScreen } from '../screens/onboarding/ChooseCourseScreen';
import { RulesScreen } from '../screens/rules/RulesScreen';
import { FailureScreen } from './FailureScreen';

type Session = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; claims: JwtClaims };

function toMe(claims: JwtClaims): Me {
  const tg = getTelegramUser();
  return {
    telegramId: claims.sub,
    username: tg?.username ?? '',
    firstName: tg?.firstName ?? '',
    lastName: tg?.lastName ?? '',
    photoUrl: tg?.photoUrl ?? '',
    roles: claims.roles,
    isAdmin: claims.roles.includes('ROLE_ADMIN'),
    isDeveloper: claims.roles.includes('ROLE_DEVELOPER'),
  };
}

/**
 * Signs in from initData on every launch (fresh roles and ban flag), keeps the token in
 * localStorage through the client, then routes by state: banned -> blocked screen, course 0 ->
 * onboarding, otherwise the app's routes.
 */
export function AuthGate() {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const [banned, setBanned] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(
    () =>
      subscribeSession((e) => {
        if (e.type === 'banned') setBanned(true);
        else {
          setBanned(e.claims.ban);
          setSession({ status: 'ready', claims: e.claims });
        }
      }),
    [],
  );

  useEffect(() => {
    signIn().catch((err: unknown) =>
      setSession({ status: 'failed', message: err instanceof ApiError ? err.message : MSG.appLoadFailed }),
    );
  }, [attempt]);

  const claims = session.status === 'ready' ? session.claims : null;
  const me = useMemo(() => (claims ? toMe(claims) : null), [claims]);

  if (banned) return <BlockedScreen />;
  if (session.status === 'failed') {
    return (
      <FailureScreen
        message={session.message}
        onRetry={() => {
          setSession({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!me) return <FullScreenSpinner />;
  return (
    <MeContext.Provider value={me}>
      <CourseGate />
    </MeContext.Provider>
  );
}

/** First open (course 0): choose-course at / and /choose-course, the rules at /rules; nothing else. */
function CourseGate() {
  const course = useCourse();
  const { pathname } = useLocation();

  if (course.isPending) return <FullScreenSpinner />;
  if (course.isError) return <FailureScreen message={course.error.message} onRetry={() => void course.refetch()} />;

  if (course.data === 0) {
    if (pathname === '/rules') return <RulesScreen firstOpen />;
    if (pathname === '/' || pathname === '/choose-course') return <ChooseCourseScreen />;
    return <Navigate to="/" replace />;
  }
  if (pathname === '/choose-course') return <Navigate to="/" replace />;
  return <Outlet />;
}
