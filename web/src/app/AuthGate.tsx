import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type JwtClaims } from '@zalik/contract';
import { signInForLaunch, subscribeSession } from '../api/auth';
import { ApiError } from '../api/errors';
import { MeContext, useCourse, type Me } from '../api/me';
import { qk } from '../api/queryKeys';
import { getTelegramUser } from '../telegram/sdk';
import { FullScreenSpinner } from '../ui';
import { FailureScreen } from './FailureScreen';
import { FirstScreenSkeleton } from './FirstScreenSkeleton';

// Screens of the rare cases (a ban, the first open) stay out of the first screen's bundle.
const BlockedScreen = lazy(() => import('../screens/blocked/BlockedScreen').then((m) => ({ default: m.BlockedScreen })));
const ChooseCourseScreen = lazy(() => import('../screens/onboarding/ChooseCourseScreen').then((m) => ({ default: m.ChooseCourseScreen })));
const RulesScreen = lazy(() => import('../screens/rules/RulesScreen').then((m) => ({ default: m.RulesScreen })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}

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
  const qc = useQueryClient();
  const { pathname } = useLocation();

  useEffect(
    () =>
      subscribeSession((e) => {
        if (e.type === 'banned') setBanned(true);
        else {
          // The sign-in answers the course too: seeded before the gate opens, useCourse() never waits.
          if (e.courseNumber !== undefined) qc.setQueryData(qk.course(), e.courseNumber);
          setBanned(e.claims.ban);
          setSession({ status: 'ready', claims: e.claims });
        }
      }),
    [qc],
  );

  useEffect(() => {
    signInForLaunch().catch((err: unknown) =>
      setSession({ status: 'failed', message: err instanceof ApiError ? err.message : MSG.appLoadFailed }),
    );
  }, [attempt]);

  const claims = session.status === 'ready' ? session.claims : null;
  const me = useMemo(() => (claims ? toMe(claims) : null), [claims]);

  if (banned) {
    return (
      <Loading>
        <BlockedScreen />
      </Loading>
    );
  }
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
  if (!me) return pathname === '/' ? <FirstScreenSkeleton /> : <FullScreenSpinner />;
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
    if (pathname === '/rules') {
      return (
        <Loading>
          <RulesScreen firstOpen />
        </Loading>
      );
    }
    if (pathname === '/' || pathname === '/choose-course') {
      return (
        <Loading>
          <ChooseCourseScreen />
        </Loading>
      );
    }
    return <Navigate to="/" replace />;
  }
  if (pathname === '/choose-course') return <Navigate to="/" replace />;
  return <Outlet />;
}
