import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A translated text with `<name>…</name>` parts drawn by the given elements, as react-i18next's
 * `<Trans components>` draws them, for the first screen only: Trans and the HTML parser it brings
 * weigh ~6 KB gzipped, which the home page's first bundle does without (decision 053). Plain tags,
 * not nested and without attributes, as the first screen's texts have; other pages keep Trans.
 */
export function taggedText(text: string, components: Record<string, ReactElement<{ children?: ReactNode }>>): ReactNode {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let from = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner] = match;
    const component = components[name];
    if (!component) continue;
    parts.push(text.slice(from, match.index), cloneElement(component, { key: parts.length }, inner));
    from = match.index + whole.length;
  }
  parts.push(text.slice(from));
  return <Fragment>{parts.filter((part) => part !== '')}</Fragment>;
}
