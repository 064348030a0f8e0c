/** The salon's postal address, in the parts schema.org's PostalAddress names. */
const postalAddress = {
  streetAddress: 'House 12, Road 5, Dhanmondi',
  addressLocality: 'Dhaka',
  postalCode: '1205',
  addressCountry: 'BD',
} as const;

/**
 * Facts about the salon (sample salon in Dhaka): the site shows them, and the calendar files and
 * e-mails carry them. Opening hours are not here: the admin edits them (the salon settings).
 */
export const salon = {
  name: 'Parlour',
  phone: '+880 1700-000000',
  phoneHref: 'tel:+8801700000000',
  email: 'hello@parlour.example',
  postalAddress,
  address: `${postalAddress.streetAddress}, ${postalAddress.addressLocality} ${postalAddress.postalCode}, Bangladesh`,
} as const;
