import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { logInAfterRedirect } from './journey';

// The e2e server runs on the embedded database (a fresh DATA_DIR), so its backups are real files.
test('the admin backs up from the settings page on a phone and downloads a valid backup', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAfterRedirect(page, '/dashboard/settings');

  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section.getByText(/taken every day at 03:00/)).toBeVisible();
  // The schedule may already have taken the backup it missed before the server started (a minute
  // after start-up), so count what is there rather than assume none.
  const downloads = section.getByRole('link', { name: /^Download the backup of / });
  await expect(section.getByText('No backups yet').or(section.getByRole('list', { name: 'Kept backups' }))).toBeVisible();
  const before = await downloads.count();

  await section.getByRole('button', { name: 'Back up now' }).scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'Back up now' }).click();
  await expect(downloads).toHaveCount(before + 1);
  const newest = section.getByRole('listitem').filter({ hasText: 'On demand' }).first();
  await expect(newest).toContainText(/On demand · \d+ KB/);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('link', { name: /^Download the backup of / }).click()]);
  expect(download.suggestedFilename()).toMatch(/^parlour-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-manual\.backup\.gz$/);
  const file = await download.path();
  const text = gunzipSync(fs.readFileSync(file)).toString('utf8');
  const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
    format: string;
    formatVersion: number;
    migration: { tag: string };
    tables: { schema: string; table: string; rows: number }[];
  };
  expect(header).toMatchObject({ format: 'parlour-backup', formatVersion: 1 });
  expect(header.migration.tag).toMatch(/^\d{4}_/);
  const rows = (table: string) => header.tables.find((t) => t.schema === 'public' && t.table === table)?.rows;
  expect(rows('services')).toBeGreaterThan(0);
  // The demo admin who took it is in it.
  expect(rows('user')).toBeGreaterThanOrEqual(1);
  // It ends with its checksum line.
  expect(JSON.parse(text.trimEnd().split('\n').at(-1)!)).toMatchObject({ end: 'parlour-backup', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
});
