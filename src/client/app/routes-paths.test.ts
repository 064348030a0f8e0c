import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { routes } from './router';

/** Every address paths.ts writes (a function's with a sample id), without its query and hash. */
function addressesOf(tree: Record<string, unknown>): string[] {
  return Object.values(tree).flatMap((value): string[] => {
    if (typeof value === 'string') return [value.replace(/[?#].*$/, '') || '/'];
    if (typeof value === 'function') return [String((value as (id: string) => string)('sample-id')).replace(/[?#].*$/, '') || '/'];
    return addressesOf(value as Record<string, unknown>);
  });
}

/** Every path the route table declares. */
function routePaths(table: RouteObject[]): string[] {
  return table.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('the route table and config/paths.ts', () => {
  it('every address a link can take leads to its own page, not the 404', () => {
    for (const address of addressesOf(paths)) {
      const matched = matchRoutes(routes, address);
      expect(matched, address).not.toBeNull();
      expect(matched!.at(-1)!.route.path, address).not.toBe('*');
    }
  });

  it('declares no page whose address paths.ts does not write', () => {
    const written = new Set(addressesOf(paths));
    for (const path of routePaths(routes)) {
      if (path === '*') continue;
      const sample = path.replace(/:\w+/g, 'sample-id');
      expect(written.has(sample), path).toBe(true);
    }
  });
});
