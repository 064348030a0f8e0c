/** Facts about the salon shown on the site (sample salon in Dhaka). */
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
