/**
 * Route-matrix cost estimate (doc 2 §9 "Cost estimate"; ARCHITECTURE §3 step 3): a matrix call
 * bills one transaction per started group of 4 cells, and the price is per 1,000 transactions.
 */
import { CELLS_PER_TRANSACTION, DEFAULT_PRICE_PER_1000_TRANSACTIONS } from '@oneeta/contracts';

/** Transactions billed for one matrix call of `cells` cells: ceil(cells / 4) (0 → 0, 5 → 2). */
export function transactionsForCells(cells: number): number {
  if (!Number.isInteger(cells) || cells < 0) {
    throw new RangeError(`cells must be a whole number ≥ 0, got ${cells}`);
  }
  return Math.ceil(cells / CELLS_PER_TRANSACTION);
}

/**
 * Estimated cost in dollars: transactions / 1000 × price per 1,000 transactions (default $0.50).
 * Not rounded to cents: one call costs fractions of a cent; round when displaying a total.
 */
export function estimateCost(
  transactions: number,
  pricePer1000: number = DEFAULT_PRICE_PER_1000_TRANSACTIONS,
): number {
  if (!Number.isFinite(transactions) || transactions < 0) {
    throw new RangeError(`transactions must be a finite number ≥ 0, got ${transactions}`);
  }
  if (!Number.isFinite(pricePer1000) || pricePer1000 < 0) {
    throw new RangeError(`price must be a finite number ≥ 0, got ${pricePer1000}`);
  }
  return (transactions * pricePer1000) / 1000;
}
