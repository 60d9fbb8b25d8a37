import { useEffect } from 'react';
import { MaintenanceBar } from './MaintenanceBar';
import { useMaintenanceWatch } from './maintenanceWatch';

/**
 * The signed-in layout's maintenance watch and the admin's reminder bar, in one lazy chunk
 * loaded after the first screen: the watch asks nothing before its first interval or the app's
 * return into view, so nothing is lost by loading it late, and the first screen stays in budget.
 * Tells the layout when the bar shows, which then keeps room for it above the navigation.
 */
export function MaintenanceWatch({ isAdmin, onReminder }: { isAdmin: boolean; onReminder: (shown: boolean) => void }) {
  const maintenance = useMaintenanceWatch(isAdmin);
  const reminder = isAdmin && maintenance?.enabled === true;
  useEffect(() => onReminder(reminder), [reminder, onReminder]);
  return reminder ? <MaintenanceBar message={maintenance.message} /> : null;
}
