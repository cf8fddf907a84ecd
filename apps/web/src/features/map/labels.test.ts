import { LABEL_MAX_CHARS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { estimateLabelWidth, placeLabels, truncateLabel } from './labels';

describe('truncateLabel (doc 1 §9: labels truncate at 14 characters)', () => {
  it('cuts at 14 characters', () => {
    expect(LABEL_MAX_CHARS).toBe(14);
  });

  it('keeps a label of 14 characters or fewer as it is', () => {
    expect(truncateLabel('Ana')).toBe('Ana');
    expect(truncateLabel('Alexandra Smit')).toBe('Alexandra Smit');
  });

  it('cuts a longer label to 14 characters ending in an ellipsis', () => {
    const cut = truncateLabel('Pike Place Market, Seattle');
    expect(cut).toBe('Pike Place Ma…');
    expect(Array.from(cut)).toHaveLength(14);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncateLabel('Grandma Louise Johnson')).toBe('Grandma Louis…');
    expect(truncateLabel('Central Park West')).toBe('Central Park…');
  });

  it('counts emoji and accented letters as one character each', () => {
    const cut = truncateLabel('🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉');
    expect(Array.from(cut)).toHaveLength(14);
    expect(cut.endsWith('🎉…')).toBe(true);
    expect(truncateLabel('Zoë Ångström-Ødegård')).toBe('Zoë Ångström-…');
  });

  it('trims and collapses whitespace first', () => {
    expect(truncateLabel('  Ben   Lee  ')).toBe('Ben Lee');
  });

  it('honours another maximum', () => {
    expect(truncateLabel('abcdef', 4)).toBe('abc…');
  });
});

describe('placeLabels', () => {
  it('leaves labels that do not touch where they are', () => {
    expect(
      placeLabels([
        { x: 0, y: 0, width: 40, height: 14 },
        { x: 100, y: 0, width: 40, height: 14 },
      ]),
    ).toEqual([0, 0]);
  });

  it('moves a label down, then further, then up, to clear the ones before it', () => {
    const box = { x: 50, y: 100, width: 60, height: 14 };
    expect(placeLabels([box, box, box, box])).toEqual([0, 14, 28, -14]);
  });

  it('estimates wider boxes for longer labels', () => {
    expect(estimateLabelWidth('Pike Place Ma…')).toBeGreaterThan(estimateLabelWidth('Ana'));
  });
});

describe('placeLabels with obstacles', () => {
  it('moves a label off a marker it would cover', () => {
    const marker = { x: 50, y: 100, width: 24, height: 24 };
    expect(placeLabels([{ x: 50, y: 110, width: 60, height: 14 }], 14, [marker])).toEqual([14]);
  });
});
