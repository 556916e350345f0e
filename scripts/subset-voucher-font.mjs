// Cuts the voucher PDF's font (ADR 0046) from DejaVu Sans (free licence, has the ₹ sign) down to the characters a
// voucher can print, and writes it as base64 into worker/domain/vouchers/font-data.ts, which is committed: the
// Worker embeds it in every PDF and neither CI nor the bundler needs the font files. Run by hand when VOUCHER_CHARS
// changes: `node scripts/subset-voucher-font.mjs [dir of DejaVuSans.ttf]` (Debian: fonts-dejavu-core).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";

const dir = process.argv[2] ?? "/usr/share/fonts/truetype/dejavu";
/** Printable ASCII, Latin-1, and the punctuation and currency signs our texts use. Keep in step with VOUCHER_CHARS. */
const ranges = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022],
  [0x2026],
  [0x20ac],
  [0x20b9],
  [0x2122],
  [0x2212],
];
const chars = String.fromCodePoint(...ranges.flatMap(([a, b = a]) => Array.from({ length: b - a + 1 }, (_, i) => a + i)));

const out = [];
for (const [name, file] of [
  ["REGULAR", "DejaVuSans.ttf"],
  ["BOLD", "DejaVuSans-Bold.ttf"],
]) {
  const full = readFileSync(join(dir, file));
  const subset = await subsetFont(full, chars, { targetFormat: "truetype" });
  console.log(`${file}: ${subset.length} bytes (from ${full.length})`);
  out.push(`export const ${name} = "${Buffer.from(subset).toString("base64")}";`);
}
writeFileSync(
  "worker/domain/vouchers/font-data.ts",
  `// Written by scripts/subset-voucher-font.mjs (ADR 0046): DejaVu Sans and DejaVu Sans Bold cut to VOUCHER_CHARS, as base64.\n// DejaVu fonts: Bitstream Vera licence (free to embed and redistribute).\n/** Every character the subset holds; anything else is printed as "?". */\nexport const VOUCHER_CHARS = ${JSON.stringify(chars)};\n${out.join("\n")}\n`,
);
