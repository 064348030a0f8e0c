import { z } from 'zod';
import { idSchema } from './ids.js';
import { imageUrlSchema } from './images.js';
import { optionalPhoneSchema } from './phone.js';

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
/**
 * `/user/admin/{user}`: the original client's two URLs on one path, so one parameter name (OpenAPI
 * allows no two paths that differ only by it): an e-mail address to ask (GET), an id to promote (PATCH).
 * Blank (or spaces only, `/api/user/admin/%20`) names no account: a 400, not `{ admin: false }`.
 */
export const adminCheckParamsSchema = z.object({ user: z.string().trim().min(1, 'Email is required').describe('The e-mail address of the account asked about') });
export const promoteParamsSchema = z.object({ user: idSchema.describe('The id of the account to make an admin') });

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
  /**
   * Her mobile number, if she gives one: stored unproven and texted a code once the account exists
   * (the same proof as her User Home's), never used before she proves it.
   */
  phone: optionalPhoneSchema,
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
 * The body of `POST /api/auth/sign-in/social`: the provider and where to come back to (after a
 * sign-in, a first one, or a refusal). better-auth's other fields (an ID token, scopes, a login
 * hint, no redirect) are none the site uses, and are refused as any unknown field is.
 */
export const socialSignInInputSchema = z.object({
  provider: z.enum(['google', 'facebook', 'oidc']),
  callbackURL: callbackUrlSchema,
  newUserCallbackURL: callbackUrlSchema,
  errorCallbackURL: callbackUrlSchema,
});

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
  '/sign-in/social': socialSignInInputSchema,
  // better-auth answered 200 for a blank token (a revoke of nothing).
  '/revoke-session': z.object({ token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'This session token is invalid') }),
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

/**
 * The answers of better-auth's routes the site calls, for the API document (server/openapi.ts).
 * better-auth writes these bodies, not our serializer: the fields the site relies on are listed,
 * and better-auth may send more (loose objects), so a client is told what it can count on.
 */
const authUserSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const authAnswerSchemas = {
  signUp: z.looseObject({ token: z.string().nullable(), user: authUserSchema }).describe('Signed up and signed in: the session cookie is set'),
  signIn: z.looseObject({ redirect: z.boolean(), token: z.string(), user: authUserSchema }).describe('Signed in: the session cookie is set'),
  socialSignIn: z.looseObject({ url: z.string(), redirect: z.boolean() }).describe("The provider's sign-in page to send the browser to"),
  signOut: z.looseObject({ success: z.boolean() }).describe('Signed out: the session cookies are cleared'),
  session: z
    .looseObject({
      session: z.looseObject({ id: z.string(), expiresAt: z.string() }),
      user: authUserSchema,
    })
    .nullable()
    .describe('The session and its user; null when signed out'),
  passwordResetRequested: z.looseObject({ status: z.boolean(), message: z.string() }).describe('The same answer whether or not the e-mail has an account'),
  passwordReset: z.looseObject({ status: z.boolean() }).describe('The password is changed and every session of the account ended'),
};

export type SignInInput = z.infer<typeof signInInputSchema>;
/** What a client sends: the number as she typed it, or none. */
export type SignUpInput = z.input<typeof signUpInputSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const uploadResultSchema = z.object({ data: z.object({ display_url: z.string() }) });
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
