/** Facts about the salon (sample salon in Dhaka): the site shows them, and the calendar files and e-mails carry them. */
export const salon = {
  name: 'Parlour',
  phone: '+880 1700-000000',
  phoneHref: 'tel:+8801700000000',
  email: 'hello@parlour.example',
  address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
  openingHours: [
    { days: 'Saturday – Thursday', hours: '10:00 – 20:00' },
    { days: 'Friday', hours: 'Closed' },
  ],
} as const;
