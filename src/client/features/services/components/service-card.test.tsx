import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Service } from '@shared/service';
import { services } from '@/test/fixtures';
import { ServiceCard } from './service-card';

const shipped = services[0] as Service;
const uploaded: Service = { ...shipped, image_url: '/uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f.webp' };

describe('ServiceCard image', () => {
  it('offers the stored widths of an uploaded image, sized to the grid, at a fixed 4:3 box', () => {
    render(<ServiceCard service={uploaded} onAddToBooking={vi.fn()} />);
    const img = screen.getByRole('img', { name: 'Classic Manicure' });

    expect(img).toHaveAttribute('src', uploaded.image_url);
    expect(img).toHaveAttribute(
      'srcset',
      '/uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f-w400.webp 400w, /uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f-w800.webp 800w, /uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f.webp 1600w',
    );
    // Without sizes the browser would assume the full viewport width and fetch the largest file.
    expect(img.getAttribute('sizes')).toMatch(/^\(min-width: 1280px\) 286px, .*, 7rem$/);
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('gives the shipped vector art no srcset (it is sharp at any width)', () => {
    render(<ServiceCard service={shipped} eager onAddToBooking={vi.fn()} />);
    const img = screen.getByRole('img', { name: 'Classic Manicure' });

    expect(img).toHaveAttribute('src', '/images/services/manicure.svg');
    expect(img).not.toHaveAttribute('srcset');
    // sizes without srcset is invalid HTML.
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'eager');
  });
});

describe('ServiceCard payment note', () => {
  const note = (service: Service, salonPolicy?: Service['paymentPolicy']) => {
    const { unmount, container } = render(<ServiceCard service={service} onAddToBooking={vi.fn()} salonPolicy={salonPolicy ?? undefined} />);
    const text = container.querySelector('article')?.textContent ?? '';
    unmount();
    return text;
  };

  it("says a deposit or paying at the salon, by the service's own policy or else the salon's, and nothing when it is paid in full", () => {
    // The manicure costs ৳1,200.
    expect(note(shipped, { mode: 'deposit-percent', percent: 30 })).toContain('Deposit ৳360 online');
    expect(note({ ...shipped, paymentPolicy: { mode: 'at-salon' } }, { mode: 'deposit-percent', percent: 30 })).toContain('Pay at the salon');
    expect(note({ ...shipped, paymentPolicy: { mode: 'deposit-fixed', amount: 500 } })).toContain('Deposit ৳500 online');
    // A fixed deposit above the price is the whole price: nothing to say.
    for (const text of [note(shipped, { mode: 'deposit-fixed', amount: 2000 }), note(shipped, { mode: 'full' }), note(shipped)]) {
      expect(text).not.toMatch(/Deposit|Pay at the salon/);
    }
  });
});
