import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The literal lint of decision 047, run through ESLint's own API on the repository's config: the
 * sources hold no literal today, so `npm run lint` passing cannot tell the rule is there. A screen
 * text written as a literal (English or Bangla, in JSX, in a label a screen reader reads, in a
 * dialog) is refused; the same text from the catalogues passes.
 */
describe('the literal lint (every screen in both languages)', () => {
  const eslint = new ESLint();
  /** The rule ids ESLint reports for `code`, as a client component at `file` would be linted. */
  const reported = async (code: string, file = 'src/client/features/cart/LintFixture.tsx') => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.map((m) => `${m.ruleId ?? 'parse'}:${m.line}`);
  };

  it('refuses a text in JSX, English or Bangla, and in a label read aloud', async () => {
    const code = [
      'export function LintFixture() {',
      '  return (',
      '    <section aria-label="Booking list">',
      '      <p>Book now</p>',
      '      <p>এখনই বুক করুন</p>',
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(await reported(code)).toEqual(['i18next/no-literal-string:3', 'i18next/no-literal-string:4', 'i18next/no-literal-string:5']);
  });

  it("refuses a dialog's literal words, and takes the same words from the catalogues", async () => {
    const code = [
      "import { useTranslation } from 'react-i18next';",
      "import { confirmDialog } from '@/lib/dialogs';",
      'export function LintFixture() {',
      '  const { t } = useTranslation();',
      "  const ask = () => confirmDialog({ title: 'Are you sure?' });",
      "  const askInBoth = () => confirmDialog({ title: t('Are you sure?') });",
      "  return <button type=\"button\" onClick={() => void ask().then(askInBoth)}>{t('Delete')}</button>;",
      '}',
    ].join('\n');
    expect(await reported(code)).toEqual(['no-restricted-syntax:5']);
  });
});
