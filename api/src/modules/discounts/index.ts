// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { bestDiscountSql, discountPercentSql, loadDiscountRules, takeDiscountUseSql, type AppliedDiscount, type DiscountRules } from './resolve.js';
