import { describe, expect, it } from 'vitest';
import { estimateCost, transactionsForCells } from './cost.js';

describe('transactionsForCells', () => {
  it('bills one transaction per started group of 4 cells (1 → 1, 4 → 1, 5 → 2, 8 → 2, 9 → 3)', () => {
    expect(transactionsForCells(1)).toBe(1);
    expect(transactionsForCells(4)).toBe(1);
    expect(transactionsForCells(5)).toBe(2);
    expect(transactionsForCells(8)).toBe(2);
    expect(transactionsForCells(9)).toBe(3);
  });

  it('bills nothing for no cells and 25 for a 10 × 10 matrix', () => {
    expect(transactionsForCells(0)).toBe(0);
    expect(transactionsForCells(100)).toBe(25);
  });

  it('rejects a negative or fractional cell count', () => {
    expect(() => transactionsForCells(-1)).toThrow(RangeError);
    expect(() => transactionsForCells(2.5)).toThrow(RangeError);
  });
});

describe('estimateCost', () => {
  it('uses $0.50 per 1,000 transactions by default (1 → $0.0005, 1000 → $0.50, 2500 → $1.25)', () => {
    expect(estimateCost(1)).toBeCloseTo(0.0005, 12);
    expect(estimateCost(1000)).toBeCloseTo(0.5, 12);
    expect(estimateCost(2500)).toBeCloseTo(1.25, 12);
  });

  it('uses a given price (4000 transactions at $2 per 1,000 → $8)', () => {
    expect(estimateCost(4000, 2)).toBeCloseTo(8, 12);
  });

  it('estimates a default call of 4 average cells as 1 transaction, $0.0005', () => {
    expect(estimateCost(transactionsForCells(4))).toBeCloseTo(0.0005, 12);
  });

  it('is 0 for no transactions and rejects negative inputs', () => {
    expect(estimateCost(0)).toBe(0);
    expect(() => estimateCost(-1)).toThrow(RangeError);
    expect(() => estimateCost(1, -0.5)).toThrow(RangeError);
  });
});
