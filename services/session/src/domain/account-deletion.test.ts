import { describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT, successorOf } from './account-deletion.js';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
const row = (
  userId: string | null,
  minute: number,
  position: number,
  status: 'active' | 'pending' | 'left' = 'active',
) => ({ userId, status, createdAt: at(minute), position });

describe('successorOf', () => {
  it('picks the earliest-joined active participant with an account, not the leaving owner', () => {
    const rows = [
      row('owner', 0, 0),
      row(null, 1, 1),
      row('late', 9, 2),
      row('early', 3, 5),
      row('gone', 2, 3, 'left'),
      row('asked', 1, 4, 'pending'),
    ];
    expect(successorOf(rows, 'owner')?.userId).toBe('early');
  });

  it('breaks a tie of join times by list order', () => {
    expect(successorOf([row('b', 3, 2), row('a', 3, 1)], 'owner')?.userId).toBe('a');
  });

  it('finds nobody when only guests, the leaving owner or deleted accounts remain', () => {
    expect(
      successorOf([row('owner', 0, 0), row(null, 1, 1), row(DELETED_ACCOUNT, 1, 2)], 'owner'),
    ).toBeUndefined();
  });
});
