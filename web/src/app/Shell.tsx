import { Outlet } from 'react-router';
import { TelegramBackButton } from '../telegram/BackButton';

/** The router's root: Telegram's back button follows the router on every screen. */
export function Shell() {
  return (
    <>
      <TelegramBackButton />
      <Outlet />
    </>
  );
}
