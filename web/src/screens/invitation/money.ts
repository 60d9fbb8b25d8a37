import { formatUah } from '@zalik/contract';

/** formatUah with a no-break space, so '100 грн' never breaks across lines inside a sentence. */
export const uah = (amount: number) => formatUah(amount).replace(/ (?=грн$)/, '\u00a0');
