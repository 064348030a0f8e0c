import { expect, it, vi } from 'vitest';
import './zod-jitless';
import { z } from 'zod';
import { config } from 'zod/v4/core';

/**
 * zod-jitless.ts sets zod's config without importing zod, on a global of zod's own: this holds zod
 * to it, so an update of zod that moves its config fails here rather than as CSP reports in browsers.
 */
it('keeps zod from compiling its object parsers with new Function', () => {
  expect(config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
  expect(config().jitless).toBe(true);
  const compile = vi.spyOn(globalThis, 'Function');
  try {
    expect(z.object({ name: z.string(), visits: z.number() }).parse({ name: 'Nadia', visits: 3 })).toEqual({ name: 'Nadia', visits: 3 });
    expect(compile).not.toHaveBeenCalled();
  } finally {
    compile.mockRestore();
  }
});
