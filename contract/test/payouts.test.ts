import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.js';
import { ConfirmWithdrawBody, detailsProblem, maskDetails, normalizeDetails } from '../src/payouts.js';

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('payout details', () => {
  it('checks a card with Luhn and an address against its network', () => {
    expect(detailsProblem('BANK_CARD', '4111 1111 1111 1111', 'USDT-TRC20')).toBeNull();
    expect(detailsProblem('BANK_CARD', '4111 1111 1111 1112', 'USDT-TRC20')).toBe(MSG.cardInvalid);
    expect(detailsProblem('CRYPTO', ` ${TRON}\n`, 'USDT-TRC20')).toBeNull();
    // Base58 has no 0, O, I or l; a Tron address is 34 characters starting with T.
    for (const bad of [TRON.slice(1), `${TRON.slice(0, -1)}0`, `${TRON.slice(0, -1)}l`, `A${TRON.slice(1)}`]) {
      expect(detailsProblem('CRYPTO', bad, 'USDT-TRC20')).toBe(MSG.cryptoAddressInvalid('USDT (TRC-20)'));
    }
    expect(detailsProblem('CRYPTO', TRON, 'USDT-ERC20')).toBe(MSG.cryptoAddressInvalid('USDT (ERC-20)'));
    expect(detailsProblem('CRYPTO', '0x52908400098527886E0F7030069857D2E4169EE7', 'USDT-ERC20')).toBeNull();
    expect(detailsProblem('BANK_CARD', '  ', 'USDT-TRC20')).toBe(MSG.payoutDetailsEmpty);
  });

  it('masks what only the paying admin reads in full', () => {
    expect(maskDetails('BANK_CARD', normalizeDetails('BANK_CARD', '5555 5555 5555 4444'))).toBe('•••• 4444');
    expect(maskDetails('CRYPTO', TRON)).toBe('TQn9…bLSE');
  });

  it('needs a reason to reject, none to approve', () => {
    expect(ConfirmWithdrawBody.parse({ transactionId: 7, status: 'SUCCESS', errorMessage: '' })).toEqual({ transactionId: '7', status: 'SUCCESS', reason: null });
    expect(ConfirmWithdrawBody.parse({ transactionId: '7', status: 'FAILED', errorMessage: ' Картка закрита ' })).toMatchObject({ reason: 'Картка закрита' });
    const refused = ConfirmWithdrawBody.safeParse({ transactionId: '7', status: 'FAILED', errorMessage: '' });
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe(MSG.withdrawRejectReason);
  });
});
