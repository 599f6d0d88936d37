import { describe, expect, it } from 'vitest';
import { RestError } from '../../api';
import { checkFilter, problemOfRefusal } from './cql-check';

describe('checkFilter (the shared parser, in the browser)', () => {
  it('accepts what the server reads, ECQL spellings included, and an empty filter', () => {
    expect(checkFilter('')).toBeNull();
    expect(checkFilter("state_name = 'Colorado' AND persons BETWEEN 1 AND 10")).toBeNull();
    expect(checkFilter('INTERSECTS(the_geom, POINT(1 2))', 'ecql-text')).toBeNull();
  });

  it('names the 1-based position of what it cannot read', () => {
    expect(checkFilter('persons > ')).toMatchObject({ position: 11 });
    const problem = checkFilter("name = 'x' ) OR a = 1");
    expect(problem?.position).toBe(12);
    expect(problem?.message).toMatch(/position 12/);
  });

  it("reads a server's refusal at the position it names, or as a whole", () => {
    expect(problemOfRefusal(new RestError(400, 'Invalid filter: Unknown property "persns" (not a published attribute) (at position 1, "persns")'))).toEqual({
      message: 'Invalid filter: Unknown property "persns" (not a published attribute) (at position 1, "persns")',
      position: 1,
    });
    expect(problemOfRefusal(new RestError(400, 'Bad')).position).toBe(0);
  });
});
