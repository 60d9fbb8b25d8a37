import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG, type JwtClaims } from '@zalik/contract';
import { clearMaintenance, currentMaintenance, signInForLaunch, subscribeSession } from '../api/auth';
import { ApiError } from '../api/errors';
import { MeContext, useCourse, type Me } from '../api/me';
import { baseKeys } from '../api/baseKeys';
import { getTelegramUser } from '../telegram/sdk';
import { FullScreenSpinner } from '../ui';
import { FailureScreen } from './FailureScreen';
import { FirstScreenSkeleton } from './FirstScreenSkeleton';
import { currentSession, launchSignIn, type SignedIn } from './session';
import { basePaths } from '../lib/basePaths';

// Screens of the rare cases (a ban, the first open) stay out of the first screen's bundle.
const MaintenanceScreen = lazy(() => import('../screens/maintenance/MaintenanceScreen').then((m) => ({ default: m.MaintenanceScreen })));
const BlockedScreen = lazy(() => import('../screens/blocked/BlockedScreen').then((m) => ({ default: m.BlockedScreen })));
const ChooseCourseScreen = lazy(() => import('../screens/onboarding/ChooseCourseScreen').then((m) => ({ default: m.ChooseCourseScreen })));
const RulesScreen = lazy(() => import('../screens/rules/RulesScreen').then((m) => ({ default: m.RulesScreen })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}

type Session = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; claims: JwtClaims };

/** The sign-in answers the course too: seeded before the gate opens, useCourse() never waits. */
function seedCourse(qc: QueryClient, courseNumber: number | undefined): void {
  if (courseNumber !== undefined && qc.getQueryData(baseKeys.course()) !== courseNumber) qc.setQueryData(baseKeys.course(), courseNumber);
}

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
  const qc = useQueryClient();
  // The launch's sign-in (boot() starts it) has usually answered by the first render: then
  // the first screen renders straight away, with no skeleton pass before it.
  const [session, setSession] = useState<Session>(() => {
    const signedIn = currentSession();
    if (!signedIn) return { status: 'loading' };
    seedCourse(qc, signedIn.courseNumber);
    return { status: 'ready', claims: signedIn.claims };
  });
  const [banned, setBanned] = useState(() => currentSession()?.claims.ban ?? false);
  // The admin's message while the app is down for maintenance (a call answered 503 MAINTENANCE).
  const [maintenance, setMaintenance] = useState<string | null>(currentMaintenance);
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    const apply = ({ claims, courseNumber }: SignedIn) => {
      seedCourse(qc, courseNumber);
      setBanned(claims.ban);
      setSession((s) => (s.status === 'ready' && s.claims === claims ? s : { status: 'ready', claims }));
    };
    const showMaintenance = (message: string) => setMaintenance(message);
    const off = subscribeSession((e) => {
      if (e.type === 'banned') setBanned(true);
      else if (e.type === 'maintenance') showMaintenance(e.message);
      else apply(e);
    });
    // It may have answered (or been refused for maintenance) between the first render and this subscription.
    const signedIn = currentSession();
    if (signedIn) apply(signedIn);
    const down = currentMaintenance();
    if (down !== null) showMaintenance(down);
    return off;
  }, [qc]);

  useEffect(() => {
    // The launch's own sign-in first; a retry signs in afresh.
    (attempt === 0 ? launchSignIn() : signInForLaunch()).catch((err: unknown) =>
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
  if (maintenance !== null) {
    return (
      <Loading>
        <MaintenanceScreen
          message={maintenance}
          onOver={() => {
            clearMaintenance();
            setMaintenance(null);
            // Refused at sign-in: sign in now; refused later: the screens' reads run again.
            if (session.status !== 'ready') {
              setSession({ status: 'loading' });
              setAttempt((n) => n + 1);
            } else void qc.invalidateQueries();
          }}
        />
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
  if (!me) return pathname === basePaths.home ? <FirstScreenSkeleton /> : <FullScreenSpinner />;
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
    if (pathname === basePaths.rules) {
      return (
        <Loading>
          <RulesScreen firstOpen />
        </Loading>
      );
    }
    if (pathname === basePaths.home || pathname === basePaths.chooseCourse) {
      return (
        <Loading>
          <ChooseCourseScreen />
        </Loading>
      );
    }
    return <Navigate to={basePaths.home} replace />;
  }
  if (pathname === basePaths.chooseCourse) return <Navigate to={basePaths.home} replace />;
  return <Outlet />;
}
