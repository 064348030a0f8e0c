/**
 * The demo catalogue of a women's salon in Dhaka, in English and in Bangla. Images ship with the app
 * under /images so the site works with no network. Prices are in taka.
 */
export type SeedService = {
  slug: string;
  title: string;
  description: string;
  /** As the salon would write them for its Bangla pages (docs/decisions/050). */
  title_bn: string;
  description_bn: string;
  price: number;
  duration: number;
  category: 'Hair' | 'Skin' | 'Nails' | 'Makeup' | 'Body' | 'Brows & Waxing';
};

export const seedServices: SeedService[] = [
  { slug: 'classic-haircut', title: 'Classic Haircut & Blow-dry', category: 'Hair', price: 1200, duration: 60,
    description: 'A consultation, wash and precision cut shaped to your face, finished with a smooth, bouncy blow-dry.',
    title_bn: 'ক্লাসিক হেয়ারকাট ও ব্লো-ড্রাই',
    description_bn: 'পরামর্শ, চুল ধোয়া আর আপনার মুখের গড়ন অনুযায়ী নিখুঁত কাট; শেষে মসৃণ, ফুরফুরে ব্লো-ড্রাই।' },
  { slug: 'hair-colour', title: 'Global Hair Colour', category: 'Hair', price: 4500, duration: 150,
    description: 'Rich, even all-over colour with ammonia-free dyes, a strand test first and a gloss to seal the shine.',
    title_bn: 'গ্লোবাল হেয়ার কালার',
    description_bn: 'অ্যামোনিয়া-মুক্ত রঙে পুরো চুলে সমান, গাঢ় রং; আগে কয়েকটি চুলে পরীক্ষা, শেষে উজ্জ্বলতা ধরে রাখতে গ্লস।' },
  { slug: 'keratin-treatment', title: 'Keratin Smoothing Treatment', category: 'Hair', price: 8500, duration: 180,
    description: 'Tames frizz and humidity for up to four months, leaving hair soft, glossy and easy to style.',
    title_bn: 'কেরাটিন স্মুদিং',
    description_bn: 'চার মাস পর্যন্ত চুলের রুক্ষতা আর আর্দ্রতার ফোলাভাব দূরে রাখে; চুল থাকে নরম, চকচকে আর সহজে সাজানো যায়।' },
  { slug: 'hair-spa', title: 'Nourishing Hair Spa', category: 'Hair', price: 2000, duration: 60,
    description: 'A deep-conditioning mask, scalp massage and steam that bring dry, stressed hair back to life.',
    title_bn: 'পুষ্টিকর হেয়ার স্পা',
    description_bn: 'গভীর কন্ডিশনিং মাস্ক, মাথার ত্বকে ম্যাসাজ আর স্টিম, যা শুষ্ক, ক্লান্ত চুলে প্রাণ ফেরায়।' },
  { slug: 'signature-facial', title: 'Signature Glow Facial', category: 'Skin', price: 2500, duration: 60,
    description: 'Cleanse, exfoliate, extract and hydrate: our best-loved facial for fresh, radiant skin.',
    title_bn: 'সিগনেচার গ্লো ফেসিয়াল',
    description_bn: 'ক্লিনজিং, এক্সফোলিয়েশন, এক্সট্রাকশন আর হাইড্রেশন: সতেজ, উজ্জ্বল ত্বকের জন্য আমাদের সবচেয়ে প্রিয় ফেসিয়াল।' },
  { slug: 'gold-facial', title: '24K Gold Facial', category: 'Skin', price: 3500, duration: 75,
    description: 'A luxurious gold-infused treatment that brightens dull skin before a wedding or a big night out.',
    title_bn: '২৪ ক্যারেট গোল্ড ফেসিয়াল',
    description_bn: 'সোনার উপাদানে বিলাসী ফেসিয়াল, যা বিয়ে বা বিশেষ কোনো সন্ধ্যার আগে নিষ্প্রভ ত্বককে উজ্জ্বল করে।' },
  { slug: 'hydra-facial', title: 'Deep Cleansing Hydra Facial', category: 'Skin', price: 4000, duration: 60,
    description: 'Vortex cleansing and serum infusion that clear congested pores without irritation.',
    title_bn: 'ডিপ ক্লিনজিং হাইড্রা ফেসিয়াল',
    description_bn: 'ভর্টেক্স ক্লিনজিং আর সিরাম ইনফিউশন, যা জ্বালা ছাড়াই বন্ধ লোমকূপ পরিষ্কার করে।' },
  { slug: 'threading', title: 'Eyebrow & Upper-lip Threading', category: 'Brows & Waxing', price: 250, duration: 15,
    description: 'Clean, defined brows shaped by our threading specialists, with a soothing aloe finish.',
    title_bn: 'ভ্রু ও ঠোঁটের ওপরের থ্রেডিং',
    description_bn: 'আমাদের থ্রেডিং বিশেষজ্ঞদের হাতে পরিষ্কার, সুন্দর আকারের ভ্রু; শেষে আরামদায়ক অ্যালোভেরা।' },
  { slug: 'waxing', title: 'Full Arm Waxing', category: 'Brows & Waxing', price: 900, duration: 30,
    description: 'Gentle rica wax for smooth arms that stay hair-free for weeks, kind to sensitive skin.',
    title_bn: 'পুরো হাতের ওয়াক্সিং',
    description_bn: 'কোমল রিকা ওয়াক্সে মসৃণ হাত, কয়েক সপ্তাহ লোমমুক্ত; সংবেদনশীল ত্বকেও আরামদায়ক।' },
  { slug: 'manicure', title: 'Classic Manicure', category: 'Nails', price: 800, duration: 45,
    description: 'Soak, shape, cuticle care and a hand massage, finished with the polish of your choice.',
    title_bn: 'ক্লাসিক ম্যানিকিওর',
    description_bn: 'হাত ভিজিয়ে রাখা, নখের আকার, কিউটিকলের যত্ন আর হাতের ম্যাসাজ; শেষে আপনার পছন্দের নেইলপলিশ।' },
  { slug: 'pedicure', title: 'Spa Pedicure', category: 'Nails', price: 1200, duration: 60,
    description: 'A warm rose-petal soak, scrub, callus care and massage for tired feet, with a flawless polish.',
    title_bn: 'স্পা পেডিকিওর',
    description_bn: 'গোলাপের পাপড়ি দেওয়া উষ্ণ পানিতে পা ভেজানো, স্ক্রাব, শক্ত চামড়ার যত্ন আর ম্যাসাজ; শেষে নিখুঁত নেইলপলিশ।' },
  { slug: 'gel-nails', title: 'Gel Nail Extensions', category: 'Nails', price: 2500, duration: 90,
    description: 'Natural-looking gel extensions in the length and shape you want, chip-free for three weeks.',
    title_bn: 'জেল নেইল এক্সটেনশন',
    description_bn: 'আপনার পছন্দের দৈর্ঘ্য আর আকারে স্বাভাবিক দেখতে জেল এক্সটেনশন, তিন সপ্তাহ ভাঙা বা চটে যাওয়া ছাড়াই।' },
  { slug: 'bridal-makeup', title: 'Bridal Makeup', category: 'Makeup', price: 15000, duration: 180,
    description: 'Your wedding look, planned in a trial and finished on the day with HD makeup, hair and draping.',
    title_bn: 'ব্রাইডাল মেকআপ',
    description_bn: 'আপনার বিয়ের সাজ: ট্রায়ালে পরিকল্পনা, আর বিয়ের দিন এইচডি মেকআপ, চুলের সাজ ও শাড়ি পরানো।' },
  { slug: 'party-makeup', title: 'Party Makeup', category: 'Makeup', price: 4000, duration: 90,
    description: 'Long-wear makeup and a simple hairstyle for receptions, Eid parties and every celebration.',
    title_bn: 'পার্টি মেকআপ',
    description_bn: 'রিসেপশন, ঈদের দাওয়াত আর যেকোনো উৎসবের জন্য দীর্ঘস্থায়ী মেকআপ ও সহজ একটি হেয়ারস্টাইল।' },
  { slug: 'mehendi', title: 'Mehendi (Henna) Design', category: 'Body', price: 1500, duration: 60,
    description: 'Intricate natural henna for both hands, from delicate Arabic vines to full bridal patterns.',
    title_bn: 'মেহেদি ডিজাইন',
    description_bn: 'দুই হাতে প্রাকৃতিক মেহেদির সূক্ষ্ম নকশা, হালকা আরবি লতা থেকে পূর্ণ ব্রাইডাল নকশা পর্যন্ত।' },
  { slug: 'body-massage', title: 'Relaxing Body Massage', category: 'Body', price: 3000, duration: 60,
    description: 'A full-body aromatherapy massage that melts away stress, with warm oils of your choice.',
    title_bn: 'আরামদায়ক বডি ম্যাসাজ',
    description_bn: 'আপনার পছন্দের উষ্ণ তেলে পুরো শরীরের অ্যারোমাথেরাপি ম্যাসাজ, যা সব ক্লান্তি দূর করে।' },
];

export type SeedReview = { slug: string; name: string; role: string; rating: number; feedback: string };

export const seedReviews: SeedReview[] = [
  { slug: 'nusrat', name: 'Nusrat Jahan', role: 'University student', rating: 5,
    feedback: 'I booked a haircut between classes and picked my time online in a minute. The stylist listened to exactly what I wanted. My new favourite salon in Dhanmondi!' },
  { slug: 'farzana', name: 'Farzana Rahman', role: 'Bride, spring 2026', rating: 5,
    feedback: 'My bridal makeup was perfect from the trial to the big day. Everyone asked who did my look, and it stayed flawless through a very long evening.' },
  { slug: 'tahmina', name: 'Tahmina Akter', role: 'Banker', rating: 4,
    feedback: 'The gold facial is my monthly treat after work. Calm rooms, spotless tools and the staff are always on time with appointments.' },
  { slug: 'sadia', name: 'Sadia Islam', role: 'Software engineer', rating: 5,
    feedback: 'Keratin treatment done with real care. Four months later my hair is still smooth even in the monsoon humidity. Worth every taka.' },
  { slug: 'rumana', name: 'Rumana Chowdhury', role: 'School teacher', rating: 5,
    feedback: 'The spa pedicure and hand massage are heavenly. Friendly people, fair prices, and they remember how I like my nails.' },
  { slug: 'ayesha', name: 'Ayesha Siddiqua', role: 'Entrepreneur', rating: 4,
    feedback: 'Quick threading and a beautiful mehendi for my sister\u2019s holud. Booking and paying online made the whole day so much easier.' },
];

/**
 * The demo team (the women the Team page named before stylists were data). Services are the slugs
 * above, with her own duration where she is quicker or slower; hours are per weekday, 0 = Sunday,
 * inside the salon's 10:00-20:00, Saturday to Thursday.
 */
export type SeedStylist = {
  name: string;
  bio: string;
  services: { slug: string; duration?: number }[];
  hours: Record<number, [string, string][]>;
  /** Days off in the coming week: [first weekday, number of days, note]. */
  timeOffNextWeek?: { weekday: number; days: number; note: string };
};

const sixDays = (spans: [string, string][]) => ({ 0: spans, 1: spans, 2: spans, 3: spans, 4: spans, 6: spans });

export const seedStylists: SeedStylist[] = [
  { name: 'Shirin Akter', bio: 'Founder and senior stylist. Cuts, colour and bridal hair; twelve years behind the chair.',
    services: [{ slug: 'classic-haircut' }, { slug: 'hair-colour', duration: 120 }, { slug: 'keratin-treatment' }, { slug: 'hair-spa' }],
    hours: sixDays([['10:00', '13:00'], ['14:00', '19:00']]) },
  { name: 'Nasima Begum', bio: 'Skin therapist. Facials and skin care, and the calmest hands in Dhanmondi.',
    services: [{ slug: 'signature-facial' }, { slug: 'gold-facial' }, { slug: 'hydra-facial' }, { slug: 'threading' }, { slug: 'waxing' }],
    hours: sixDays([['10:00', '20:00']]) },
  { name: 'Rupa Das', bio: 'Make-up artist. Party and bridal make-up, from a soft day look to the big day.',
    services: [{ slug: 'bridal-makeup' }, { slug: 'party-makeup', duration: 75 }, { slug: 'threading' }],
    hours: { 0: [['12:00', '20:00']], 1: [['12:00', '20:00']], 2: [['12:00', '20:00']], 3: [['12:00', '20:00']], 4: [['12:00', '20:00']] } },
  { name: 'Mitu Rahman', bio: 'Nail technician. Manicures, pedicures and gel nails that last.',
    services: [{ slug: 'manicure' }, { slug: 'pedicure' }, { slug: 'gel-nails', duration: 75 }],
    hours: sixDays([['10:00', '13:00'], ['13:30', '20:00']]) },
  { name: 'Farhana Islam', bio: 'Mehendi artist. Traditional and modern mehendi for every occasion.',
    services: [{ slug: 'mehendi' }, { slug: 'body-massage' }],
    hours: { 6: [['14:00', '20:00']], 1: [['14:00', '20:00']], 3: [['14:00', '20:00']] },
    timeOffNextWeek: { weekday: 1, days: 2, note: 'Family visit in Sylhet' } },
];
