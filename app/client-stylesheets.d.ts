/** The client build's stylesheets, address → text (vite.config.ts, `clientStylesheets`); empty outside the server build. */
declare module "virtual:client-stylesheets" {
  const stylesheets: Readonly<Record<string, string>>;
  export default stylesheets;
}
