import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../auth/password";

export const emailSchema = z
  .string({ required_error: "Email is required" })
  .trim()
  .toLowerCase()
  .email("Enter a valid email address")
  .max(254);

export const newPasswordSchema = z
  .string({ required_error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const nameSchema = z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long");
const phoneSchema = z
  .string()
  .trim()
  .max(20, "Phone number is too long")
  .regex(/^[+\d\s()-]*$/, "Enter a valid phone number")
  .nullish()
  .transform((v) => v || null);
const userIdSchema = z.string({ required_error: "userId is required" }).trim().min(1, "userId is required").max(100);
const otpSchema = z
  .string({ required_error: "Code is required" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code");

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
  remember: z.boolean().default(true),
});

// A `role` in the body is stripped like any unknown key: signup always creates a customer (spec §6).
// So is a `sellerId`: which site an email is branded for comes from the request's tenant (ADR 0024).
export const signupSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  email: emailSchema,
  password: newPasswordSchema,
});

export const verifyOtpSchema = z.object({ userId: userIdSchema, otp: otpSchema });
export const resendOtpSchema = z.object({ userId: userIdSchema });
export const profileSchema = z.object({ name: nameSchema, phone: phoneSchema });
export const requestPasswordOtpSchema = z.object({
  current: z
    .string({ required_error: "Please enter your current password first" })
    .min(1, "Please enter your current password first")
    .max(PASSWORD_MAX),
});

const mismatch = { message: "Passwords do not match", path: ["confirm"] };

export const changePasswordSchema = z
  .object({
    new: newPasswordSchema,
    confirm: z.string({ required_error: "Please confirm the password" }),
    otp: otpSchema,
  })
  .refine((v) => v.new === v.confirm, mismatch);

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ required_error: "The reset link is incomplete" }).trim().min(10, "The reset link is incomplete").max(300),
    password: newPasswordSchema,
    confirm: z.string({ required_error: "Please confirm the password" }),
  })
  .refine((v) => v.password === v.confirm, mismatch);

export const handoverSchema = z.object({
  token: z.string().min(10).max(4096),
  // base64-encoded JSON of the user (spec §4)
  user: z.string().min(2).max(8192),
  // Sign in as the hand-over's account although another one is signed in here (the person was asked).
  confirm: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "1" || v === "true"),
});
