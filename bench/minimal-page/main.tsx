/**
 * The bench's baseline page (bench/lighthouse.ts): the least a React page built like Parlour's
 * costs a phone. Same Vite config, same stylesheet and fonts, React and react-dom in the same
 * framework chunk, hydrating HTML that was written out beforehand; nothing else.
 */
import '../../src/client/styles/index.css';

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

function Page() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="font-display text-3xl">Parlour</h1>
      <p>A beauty salon for women in Dhaka.</p>
    </main>
  );
}

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Page />
  </StrictMode>,
  { onRecoverableError: (error) => console.error('Hydration problem:', error) },
);
