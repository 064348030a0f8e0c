import { z } from 'zod';
import { idSchema } from './ids.js';
import { imageUrlSchema } from './images.js';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The spec's user record: the account itself (name, email, image, role). */
export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
});
export const userListSchema = z.array(userSchema);
export type User = z.infer<typeof userSchema>;

export const adminCheckSchema = z.object({ admin: z.boolean() });
export type AdminCheck = z.infer<typeof adminCheckSchema>;
export const emailParamsSchema = z.object({ email: z.string().min(1) });

// Spec section 5 with decisions.md's wording; the browser and the server check the same rules.
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters with 1 uppercase, 1 lowercase and 1 number';
export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(1, 'password is required')
  .max(128, 'Password must be at most 128 characters')
  .refine((v) => v.length >= 6 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v), PASSWORD_MESSAGE);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Enter a valid email address'));

export const NAME_MAX_LENGTH = 100;
export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

/** What the sign-up endpoint receives once the photo is uploaded. */
export const signUpInputSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  image: imageUrlSchema,
});

/** A password typed to sign in: any text up to the longest one sign-up accepts. */
const typedPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(128, 'Password must be at most 128 characters');

export const signInInputSchema = z.object({
  email: emailSchema,
  password: typedPasswordSchema,
});

export const resetPasswordInputSchema = z.object({
  newPassword: passwordSchema,
  token: z.string({ error: 'The reset link has no token' }).min(1, 'The reset link has no token').max(200, 'This reset link is invalid'),
});

export const requestPasswordResetInputSchema = z.object({ email: emailSchema });

/**
 * Where better-auth sends the browser afterwards: a path on this site, in plain URL characters.
 * Never another site (an open redirect), and never text a URL parser refuses (better-auth builds a
 * URL from it, and a refusal there is a 500). The site's own pages only ever send paths.
 */
export const returnPathSchema = z
  .string()
  .max(2000, 'The return address is too long')
  .regex(/^\/(?![/\\])[\x21-\x7E]*$/, 'The return address must be a path on this site, such as /dashboard');
const callbackUrlSchema = returnPathSchema.optional();

/** The fields in which better-auth's routes (query or body) take a return address. */
export const AUTH_RETURN_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/**
 * The whole bodies better-auth's own routes accept, checked by the same rules as the rest of the
 * API before better-auth sees them (server/auth/auth.ts). Keyed by better-auth's route path.
 */
export const authRouteBodySchemas = {
  '/sign-up/email': signUpInputSchema.extend({ callbackURL: callbackUrlSchema, rememberMe: z.boolean().optional() }),
  '/sign-in/email': signInInputSchema.extend({ callbackURL: callbackUrlSchema, rememberMe: z.boolean().optional() }),
  '/update-user': z.object({ name: nameSchema.optional(), image: imageUrlSchema.nullable().optional() }),
  '/request-password-reset': requestPasswordResetInputSchema.extend({ redirectTo: callbackUrlSchema }),
  '/reset-password': resetPasswordInputSchema.extend({ token: resetPasswordInputSchema.shape.token.optional() }),
  '/change-password': z.object({
    currentPassword: typedPasswordSchema,
    newPassword: passwordSchema,
    revokeOtherSessions: z.boolean().optional(),
  }),
  '/send-verification-email': z.object({ email: emailSchema, callbackURL: callbackUrlSchema }),
} as const;

/** Which sign-in buttons the pages show: only the configured providers. */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  oidc: z.object({ id: z.literal('oidc'), name: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** The signed-in account as `GET /api/auth/get-session` describes it (the fields the site reads). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/get-session`: null when nobody is signed in. */
export const sessionSchema = z
  .object({
    session: z.object({ id: z.string(), expiresAt: z.string() }),
    user: sessionUserSchema,
  })
  .nullable();
export type Session = z.infer<typeof sessionSchema>;

export type SignInInput = z.infer<typeof signInInputSchema>;
export type SignUpInput = z.infer<typeof signUpInputSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const uploadResultSchema = z.object({ data: z.object({ display_url: z.string() }) });
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
