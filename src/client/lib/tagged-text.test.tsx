import { renderToStaticMarkup } from 'react-dom/server';
import { Trans } from 'react-i18next';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { taggedText } from './tagged-text';

const accent = <span className="text-primary" />;

/** What react-i18next's Trans renders for the same text (the markup the hero had before). */
function withTrans(text: string): string {
  const i18n = createInstance();
  void i18n.init({ lng: 'en', initAsync: false, resources: { en: { translation: { text } } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(<Trans i18n={i18n} i18nKey="text" components={{ accent }} />);
}

describe('taggedText', () => {
  it.each([
    'BEAUTY SALON FOR <accent>EVERY WOMEN</accent>',
    '<accent>প্রত্যেক নারীর</accent> জন্য বিউটি সেলুন',
    'No tags at all',
    'Two <accent>parts</accent> and <accent>more</accent>.',
  ])('draws %s as Trans does', (text) => {
    expect(renderToStaticMarkup(<>{taggedText(text, { accent })}</>)).toBe(withTrans(text));
  });

  it('leaves a tag it has no element for as text', () => {
    expect(renderToStaticMarkup(<>{taggedText('a <b>bold</b> word', { accent })}</>)).toBe('a &lt;b&gt;bold&lt;/b&gt; word');
  });
});
