import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { inBangla, latinWords } from '@/test/bangla';
import { FileField, PasswordField } from './form-field';

/** A password and a photo field as the sign-up form has them, the photo refused. */
function Fields() {
  const { register } = useForm<{ password: string; photo: FileList }>();
  return (
    <form>
      <PasswordField label="পাসওয়ার্ড" registration={register('password')} />
      <FileField label="প্রোফাইল ছবি" error="The image must be at most 5 MB" registration={register('photo')} />
    </form>
  );
}

describe('the fields on a Bangla page', () => {
  inBangla();

  it("name the password's show button and a refused file in Bangla, with nothing a reader hears left in English", async () => {
    const { container } = render(<Fields />);

    const show = screen.getByRole('button', { name: 'পাসওয়ার্ড দেখুন' });
    const password = screen.getByLabelText('পাসওয়ার্ড');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(show);
    expect(password).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');

    // A file input is read as a button, whose invalid state is not announced: its name says it.
    expect(screen.getByLabelText('প্রোফাইল ছবি (সঠিক নয়)')).toHaveAttribute('type', 'file');
    expect(screen.getByText('ছবিটি সর্বোচ্চ ৫ মেগাবাইটের হতে পারে')).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);
  });
});
