import { RestartPolicy, SlotRestarts } from './restart-policy';

const policy: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000, maxFailedStarts: 5 };

describe('SlotRestarts', () => {
  it('restarts a crashed worker after a backoff that doubles with each crash in a row, up to the maximum', () => {
    const slot = new SlotRestarts(policy);
    const delays = Array.from({ length: 9 }, () => slot.died(1_000, true));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000].map((restartInMs) => ({ restartInMs })));
  });

  it('starts the count afresh after a worker served long enough', () => {
    const slot = new SlotRestarts(policy);
    slot.died(1_000, true);
    slot.died(1_000, true);
    expect(slot.died(1_000, true)).toEqual({ restartInMs: 2_000 });
    expect(slot.died(60_000, true)).toEqual({ restartInMs: 500 });
    expect(slot.died(59_999, true)).toEqual({ restartInMs: 1_000 });
  });

  it('gives up when workers keep dying before they are ready, never looping for ever', () => {
    const slot = new SlotRestarts(policy);
    const decisions = Array.from({ length: 5 }, () => slot.died(200, false));
    expect(decisions.slice(0, 4)).toEqual([500, 1_000, 2_000, 4_000].map((restartInMs) => ({ restartInMs })));
    expect(decisions[4]).toEqual({ giveUp: '5 workers in a row died before they were ready' });
  });

  it('a worker that became ready ends the run of failed starts (crashes after serving are restarted, with backoff)', () => {
    const slot = new SlotRestarts(policy);
    for (let i = 0; i < 4; i++) expect(slot.died(200, false)).toHaveProperty('restartInMs');
    expect(slot.died(5_000, true)).toEqual({ restartInMs: 8_000 });
    for (let i = 0; i < 4; i++) expect(slot.died(200, false)).toHaveProperty('restartInMs');
    expect(slot.died(200, false)).toHaveProperty('giveUp');
  });
});
