import { describe, expect, it } from 'vitest';
import { defaultReviewRange } from './review-reports';

describe('the shrink and accuracy default range', () => {
  it("is the company's last 90 days, its today included, at the edges of its midnight", () => {
    // Pago Pago (UTC-11): 10:59:59 UTC on 1 December is still its 30 November; 11:00 its 1 December.
    expect(defaultReviewRange('Pacific/Pago_Pago', new Date('2026-12-01T10:59:59Z'))).toEqual({
      start: '2026-09-02',
      end: '2026-11-30',
    });
    expect(defaultReviewRange('Pacific/Pago_Pago', new Date('2026-12-01T11:00:00Z'))).toEqual({
      start: '2026-09-03',
      end: '2026-12-01',
    });
    expect(defaultReviewRange('UTC', new Date('2026-12-01T10:59:59Z')).end).toBe('2026-12-01');
  });
});
