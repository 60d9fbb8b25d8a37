// As in the app (App.tsx imports it first): zod runs jitless before any schema is built.
import '../src/app/zod';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { markOnline } from '../src/api/network';

// jsdom has no canvas: lottie-web's player crashes on import. Animations are decoration; every
// test runs with an empty player (ui/Lottie still reserves its box).
vi.mock('lottie-react', () => ({ LottieLight: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The offline flag is a module store: one test's lost connection must not reach the next.
  markOnline();
});
