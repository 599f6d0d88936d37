import { CanvasPool } from './canvas-pool';

describe('CanvasPool', () => {
  it('hands back a canvas of the size asked for, as new: pixels transparent, state reset', () => {
    const pool = new CanvasPool();
    const first = pool.take(8, 6);
    const context = first.getContext('2d');
    context.fillStyle = '#ff0000';
    context.globalAlpha = 0.5;
    context.translate(2, 2);
    context.fillRect(0, 0, 4, 4);
    context.save();
    pool.give(first);

    const again = pool.take(8, 6);
    expect(again).toBe(first);
    const reset = again.getContext('2d');
    expect([...reset.getImageData(0, 0, 8, 6).data].every((v) => v === 0)).toBe(true);
    expect([reset.fillStyle, reset.globalAlpha, reset.getTransform().e]).toEqual(['#000000', 1, 0]);
    // A canvas in use is no one else's; another size is another canvas.
    expect(pool.take(8, 6)).not.toBe(first);
    expect(pool.take(6, 8)).not.toBe(first);
  });

  it('keeps free canvases within its pixel budget, the oldest dropped first', () => {
    const pool = new CanvasPool(100);
    const a = pool.take(5, 10);
    const b = pool.take(5, 10);
    const c = pool.take(5, 10);
    const big = pool.take(20, 20);
    for (const canvas of [a, b, c, big]) pool.give(canvas);
    // 150 pixels given back, 100 kept: b and c (a, the oldest, and the canvas over budget dropped).
    const taken = [pool.take(5, 10), pool.take(5, 10), pool.take(5, 10)];
    expect(taken.map((canvas) => [a, b, c].indexOf(canvas))).toEqual([2, 1, -1]);
    expect(pool.take(20, 20)).not.toBe(big);
  });
});
