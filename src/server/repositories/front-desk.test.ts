/**
 * The desk's items are inserted in one statement, and PostgreSQL does not promise RETURNING's rows in
 * the order of the VALUES: the ids must come back matched to the visits asked, not in the order the
 * rows happen to arrive. (The database never reorders so small an insert in practice, so the rows
 * are reordered here.)
 */
import { describe, expect, it } from 'vitest';
import { idsInAskedOrder } from './front-desk.js';

const asked = [
  { serviceId: 'haircut', staffId: null },
  { serviceId: 'facial', staffId: 'nasima' },
  { serviceId: 'haircut', staffId: 'rumana' },
  { serviceId: 'facial', staffId: 'nasima' },
];

describe('idsInAskedOrder', () => {
  it('gives each visit a row of its own service and stylist, whatever order the rows came back in', () => {
    const rows = [
      { id: 'row-4', serviceId: 'facial', staffId: 'nasima' },
      { id: 'row-3', serviceId: 'haircut', staffId: 'rumana' },
      { id: 'row-2', serviceId: 'facial', staffId: 'nasima' },
      { id: 'row-1', serviceId: 'haircut', staffId: null },
    ];
    const ids = idsInAskedOrder(asked, rows);
    const rowOf = (id: string) => rows.find((row) => row.id === id)!;
    expect(ids.map((id) => ({ serviceId: rowOf(id).serviceId, staffId: rowOf(id).staffId }))).toEqual(asked);
    expect(new Set(ids).size).toBe(asked.length);
  });

  it('fails loudly rather than book a visit on a row the insert did not return', () => {
    expect(() => idsInAskedOrder(asked, [{ id: 'row-1', serviceId: 'haircut', staffId: null }])).toThrow();
  });
});
