import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LogIn } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SubmitButton } from './form-actions';

const button = <SubmitButton label="SignIn" icon={LogIn} pending={false} />;

describe('SubmitButton', () => {
  it("is locked in the server's HTML and unlocked once the page is hydrated", async () => {
    const html = renderToString(button);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const sent = container.querySelector('button')!;
    // Before the scripts take over, pressing it (or Enter in a field) would send the form natively.
    expect(sent.disabled).toBe(true);

    await act(async () => {
      hydrateRoot(container, button);
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
    container.remove();
  });

  it('is ready at once in a page drawn in the browser, and locked while a submission runs', () => {
    const { rerender } = render(button);
    expect(screen.getByRole('button', { name: 'SignIn' })).toBeEnabled();
    rerender(<SubmitButton label="SignIn" icon={LogIn} pending />);
    expect(screen.getByRole('button', { name: 'SignIn' })).toBeDisabled();
  });
});
