import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Service } from '../../../../shared/service';
import { services } from '../../../test/fixtures';
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
