import { describe, expect, it } from 'vitest';
import { placeLabelsAround, type LabelBox } from './labels';

/** A participant dot (22 px, centred on its point) and its label box below it, as the offline map draws them. */
function dotAt(x: number, y: number, width = 60) {
  const anchor: LabelBox = { x, y: y - 11, width: 22, height: 22 };
  const box: LabelBox = { x, y: y + 13, width, height: 15 };
  return { anchor, box };
}

const overlaps = (a: LabelBox, b: LabelBox) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && a.y < b.y + b.height && b.y < a.y + a.height;

const moved = (box: LabelBox, s: { dx: number; dy: number }) => ({
  ...box,
  x: box.x + s.dx,
  y: box.y + s.dy,
});

describe('placeLabelsAround', () => {
  it('leaves a label that touches nothing in its usual place', () => {
    const a = dotAt(100, 100);
    expect(placeLabelsAround([a], [a.anchor])).toEqual([{ dx: 0, dy: 0 }]);
  });

  it("never draws one participant's name under another's marker", () => {
    // Ben's dot sits right under Ana's usual label place.
    const ana = dotAt(100, 100);
    const ben = dotAt(104, 126);
    const shapes = [ana.anchor, ben.anchor];
    const shifts = placeLabelsAround([ben, ana], shapes, { width: 400, height: 300 });
    const anaLabel = moved(ana.box, shifts[1]!);
    const benLabel = moved(ben.box, shifts[0]!);
    expect(overlaps(anaLabel, ben.anchor)).toBe(false);
    expect(overlaps(anaLabel, ana.anchor)).toBe(false);
    expect(overlaps(benLabel, ana.anchor)).toBe(false);
    expect(overlaps(anaLabel, benLabel)).toBe(false);
  });

  it('keeps a crowd of close markers and their labels all apart', () => {
    const crowd = [dotAt(200, 150), dotAt(210, 160), dotAt(190, 170), dotAt(205, 185)];
    const shapes = crowd.map((c) => c.anchor);
    const shifts = placeLabelsAround(crowd, shapes, { width: 400, height: 300 });
    const labels = crowd.map((c, i) => moved(c.box, shifts[i]!));
    for (const [i, label] of labels.entries()) {
      for (const shape of shapes)
        expect(overlaps(label, shape), `label ${i} on a marker`).toBe(false);
      for (const [j, other] of labels.entries())
        if (i !== j) expect(overlaps(label, other), `labels ${i} and ${j}`).toBe(false);
    }
  });

  it('keeps a label inside the map when it has to move', () => {
    // At the right edge: the label cannot go right of its marker.
    const edge = dotAt(385, 100);
    const blocker = { x: 385, y: 113, width: 60, height: 15 };
    const [shift] = placeLabelsAround([edge], [edge.anchor, blocker], { width: 400, height: 300 });
    const label = moved(edge.box, shift!);
    expect(label.x + label.width / 2).toBeLessThanOrEqual(400);
    expect(overlaps(label, blocker)).toBe(false);
  });

  it('falls back to the place covering least when nothing is clear', () => {
    const a = dotAt(50, 50);
    const wall = { x: 50, y: 0, width: 400, height: 400 };
    const [shift] = placeLabelsAround([a], [a.anchor, wall], { width: 100, height: 100 });
    expect(shift).toBeDefined();
    expect(Number.isFinite(shift!.dx) && Number.isFinite(shift!.dy)).toBe(true);
  });
});
