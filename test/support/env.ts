/** Bindings the tests run the Worker with: development mode, test-only secrets. */
export const TEST_ENV = {
  ENVIRONMENT: "development",
  PLATFORM_HOSTS: "localhost,127.0.0.1",
  // What the tests' requests reach (http://localhost/…), so links in emails can be followed as they are.
  PUBLIC_ORIGIN: "http://localhost",
  JWT_SECRET: "test-only-jwt-secret-0123456789abcdef0123",
  JWT_ISSUER: "https://tripbazaar.example",
  JWT_AUDIENCE: "tripbazaar",
  PASSWORD_PEPPER: "test-only-pepper",
  HANDOVER_JWT_SECRET: "test-only-sister-secret-0123456789abcdef",
  HANDOVER_JWT_ISSUER: "https://tours.sister.example",
  EMAIL_FROM: "Tripbazaar <no-reply@tripbazaar.example>",
  TEST_PAYMENTS_KEY_SECRET: "test-only-payments-key-secret-0123",
  TEST_PAYMENTS_WEBHOOK_SECRET: "test-only-payments-webhook-secret-0123",
  // A failed follow-up is retried at once: the tests wait for the queue, never for its delays.
  FOLLOW_UP_RETRY_SECONDS: "0",
} as const;
