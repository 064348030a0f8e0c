import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxConfig } from '@shared/outbox';
import type { SentSms } from '@shared/sms';
import { adminUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const texts: SentSms[] = [
  {
    _id: '6f1c2b0a-8d4e-4f3a-9b2c-1d0e9f8a7b6c',
    to: '+8801712345678',
    kind: 'verification',
    text: '123456 is your Parlour code. It expires in 10 minutes. Do not share it.',
    encoding: 'gsm7',
    segments: 1,
    status: 'logged',
    error: null,
    // 08:00Z is 14:00 in Dhaka.
    createdAt: '2030-02-20T08:00:00.000Z',
  },
  {
    _id: '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a01',
    to: '+8801812345678',
    kind: 'confirmation',
    text: 'আপনার বুকিং নিশ্চিত',
    encoding: 'ucs2',
    segments: 1,
    status: 'failed',
    error: 'SSL Wireless refused the text: Insufficient balance (status_code 4007) (attempt 1 of 11; it will be tried again)',
    createdAt: '2030-02-19T04:30:00.000Z',
  },
];

function shown() {
  server.use(
    ...accountSession(adminUser).handlers,
    http.get<PathParams, DefaultBodyType, OutboxConfig>('/api/config/outbox', () => HttpResponse.json({ enabled: true })),
  );
}

describe('/dashboard/sms', () => {
  it('is on the admin menu beside Sent e-mails and lists each text with its number, length and error', async () => {
    shown();
    server.use(http.get('/api/admin/sms', () => HttpResponse.json(texts)));
    const { user } = renderApp('/dashboard/adminhome');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard menu' }));
    await user.click(await menu.findByRole('link', { name: 'Sent SMS' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sent SMS' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Sent SMS' })).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Verification code');
    expect(items[0]).toHaveTextContent('01712 345678');
    expect(items[0]).toHaveTextContent('Not sent (no SMS gateway)');
    expect(items[0]).toHaveTextContent('1 SMS part (GSM-7)');
    expect(items[0]).toHaveTextContent('123456 is your Parlour code.');
    expect(items[1]).toHaveTextContent('1 SMS part (Unicode)');
    expect(items[1]).toHaveTextContent('Insufficient balance');
  });

  it('says so when nothing was sent yet', async () => {
    shown();
    server.use(http.get('/api/admin/sms', () => HttpResponse.json([])));
    renderApp('/dashboard/sms');
    expect(await screen.findByText('No texts yet')).toBeInTheDocument();
  });
});
