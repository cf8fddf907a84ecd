/**
 * Matrix size limit shared by both adapters. Azure Maps' synchronous Route Matrix (2025-01-01)
 * answers at most 100 cells without extra conditions; the offline adapter uses the same limit so the
 * worker batches identically whichever provider runs.
 */
export const MAX_CELLS_PER_CALL = 100;

/** Throws (a programming error, not a provider failure) when a call carries more origins than allowed. */
export function assertWithinCellLimit(origins: number, limit: number = MAX_CELLS_PER_CALL): void {
  if (origins > limit) {
    throw new RangeError(
      `matrix() got ${origins} origins but one call takes at most ${limit} cells; split the origins into batches`,
    );
  }
}
