import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Navbar, type NavbarUser } from './navbar';

const signedOut = { user: null, isAdmin: false, isAuthLoading: false, bookingCount: 0, onLogout: vi.fn() };
const ayesha: NavbarUser = { name: 'Ayesha Siddiqua', image: '/uploads/ayesha.webp' };

function mobileMenu() {
  const button = screen.getByRole('button', { name: 'Open menu' });
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('menu not found');
  return { button, menu };
}

describe('Navbar', () => {
  it('offers LogIn, Booking and Contact Us to a signed-out visitor, and no Dashboard', () => {
    renderWithProviders(<Navbar {...signedOut} />);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));

    expect(nav.getByRole('link', { name: 'LogIn' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Booking(0)' })).toHaveAttribute('href', '/dashboard/bookinglist');
    expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/#contact');
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'LogOut' })).not.toBeInTheDocument();
  });

  it('shows the booking count, LogOut, the avatar and the user dashboard when signed in', async () => {
    const onLogout = vi.fn();
    const { user } = renderWithProviders(
      <Navbar {...signedOut} user={ayesha} bookingCount={3} onLogout={onLogout} />,
    );

    expect(screen.getByRole('link', { name: 'Booking(3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/userhome');
    expect(screen.getByRole('img', { name: 'Ayesha Siddiqua' })).toHaveAttribute('src', '/uploads/ayesha.webp');
    expect(screen.queryByRole('link', { name: 'LogIn' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'LogOut' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('sends an admin to the admin dashboard', () => {
    renderWithProviders(<Navbar {...signedOut} user={ayesha} isAdmin />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/adminhome');
  });

  it('toggles the small-screen menu with its button and closes it with Escape', async () => {
    const { user } = renderWithProviders(<Navbar {...signedOut} />);
    const { button, menu } = mobileMenu();

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes the small-screen menu when a link is followed', async () => {
    const { user } = renderWithProviders(<Navbar {...signedOut} />);
    const { button, menu } = mobileMenu();

    await user.click(button);
    await user.click(within(menu).getByRole('link', { name: 'Booking(0)' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/bookinglist');
  });
});
