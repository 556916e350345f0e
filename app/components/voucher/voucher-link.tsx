/**
 * Download voucher (ADR 0046): a plain `<a download>` to the PDF (never a client navigation), so it works
 * without scripts. `href` is the voucher's address on the site the page is on.
 */
export function VoucherLink({ href }: { href: string }) {
  return (
    <p>
      <a className="btn btn-outline" href={href} download>
        Download voucher (PDF)
      </a>
    </p>
  );
}
